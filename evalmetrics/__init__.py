"""evalmetrics: exact, validated evaluation metrics for classification, retrieval and ranking.

The package behind the book *Counting What Matters*. The core imports numpy only::

    import evalmetrics as em
    from evalmetrics import ranking

Counts (first level) -> rates and F-beta (second and third level) -> threshold sweep, ROC and PR
curves -> ranking metrics. Plots (``evalmetrics.plots``, matplotlib) and widgets
(``evalmetrics.widgets``, ipywidgets) are separate modules that ``import evalmetrics`` does not
load.
"""

from . import ranking
from ._undefined import UndefinedMetricWarning
from .classification import (
    accuracy,
    balanced_accuracy,
    cohen_kappa,
    e_measure,
    f1,
    fbeta,
    lr_minus,
    lr_plus,
    mcc,
    npv,
    precision,
    recall,
    specificity,
    youden_j,
)
from .confusion import Counts, confusion_matrix, counts, fbeta_isocurve
from .curves import (
    AveragedROC,
    Sweep,
    average_precision,
    average_roc,
    counts_at,
    pr_curve,
    roc_auc,
    roc_curve,
    sweep,
)

__version__ = "0.2.0"  # keep in step with pyproject.toml (tests/test_imports.py checks it)

# Renamed in 0.2 (the conventions page says why); the old names warn until 0.3.
import sys as _sys  # noqa: E402

from ._deprecated import RenamedModule as _RenamedModule  # noqa: E402

_sys.modules[__name__ + ".counts"] = _RenamedModule(
    __name__ + ".counts", _sys.modules[__name__ + ".confusion"]
)
del _sys, _RenamedModule

__all__ = [
    "AveragedROC",
    "Counts",
    "Sweep",
    "UndefinedMetricWarning",
    "__version__",
    "accuracy",
    "average_precision",
    "average_roc",
    "balanced_accuracy",
    "cohen_kappa",
    "confusion_matrix",
    "counts",
    "counts_at",
    "e_measure",
    "f1",
    "fbeta",
    "fbeta_isocurve",
    "lr_minus",
    "lr_plus",
    "mcc",
    "npv",
    "pr_curve",
    "precision",
    "ranking",
    "recall",
    "roc_auc",
    "roc_curve",
    "specificity",
    "sweep",
    "youden_j",
]

# the book's build draws each figure in English and in Chinese (evalmetrics/_languages.py);
# outside IPython, or with neither language variable set, this does nothing
from ._languages import install as _install_languages  # noqa: E402

_install_languages()
