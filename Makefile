# Counting What Matters: build, test and study the book with one command each.
# Needs only Python 3.11+ and make; everything else is installed into .venv.

PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
PIP     = $(BIN)/python -m pip
# uv installs the pinned versions of constraints.txt (the same ones pip would) in seconds where
# pip takes about a minute; pip installs uv itself, pinned too. --compile-bytecode as pip does:
# without it, where PYTHONDONTWRITEBYTECODE is set, every kernel compiles every module it imports.
# overrides.txt leaves out a dependency that costs every Jupyter process a second (it says why).
PIP_INSTALL = $(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -c constraints.txt \
	--override overrides.txt

# The kernel that executes the chapters inherits these.
export IPYTHONDIR := $(CURDIR)/tools/ipython
export PYDEVD_DISABLE_FILE_VALIDATION := 1
# Two notebooks (or two test workers) at a time on two cores: one BLAS thread each, or they
# fight over the cores (chapter 24 took 34 s beside chapter 18 with two threads each, 20 s
# with one; alone, 21 s either way). JOBS=1 leaves the libraries their default.
THREADS_ENV = $(if $(filter 1,$(JOBS)),,OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1)
# Explorers render their slider frames only when the book is built.
BOOK_ENV = EVALMETRICS_STATIC_FRAMES=1 $(THREADS_ENV)

.PHONY: help book check test test-full browser-nbval screenshots timings lab lab-fresh student clean constraints lint unit unit-fast nbval build-check browser bench bench-spark bench-compare

# Two workers everywhere (the machines this book is built on have two cores); JOBS=1 to turn off.
JOBS ?= 2
# The JupyterLab test (part of `make browser`) runs these chapters with Lab's Run All and fails on
# any error in any cell: for them it is the run nbval would make, so `make test` leaves them out
# of nbval and no notebook executes more than twice (once for the build, once for its test).
# zh/NN_name: the Chinese copy (make lab LANG=zh), whose code is the chapter's.
LAB_CHAPTERS ?= zh/04_third_level 15_dcg_ndcg

help:
	@echo "make book         build the HTML book into _build/html (warnings are errors)"
	@echo "make check        the author's loop: lint, fast unit tests, rebuild only what changed"
	@echo "make test         lint, unit tests (with Spark), notebooks (nbval), strict build, browser test"
	@echo "make test-full    make test with every case of every check (nightly, about 25 min)"
	@echo "make screenshots  every page of the built book photographed whole, in _build/screenshots/"
	@echo "                  (make test photographs each page's first screen)"
	@echo "make timings      each notebook's execution time in the last build, and the totals"
	@echo "make lab          JupyterLab on a copy of the chapters (_build/lab), for self-study"
	@echo "make lab-fresh    the same, the copy rewritten from the chapters (your work there is lost)"
	@echo "make student      student edition of the notebooks (no solutions) in _build/student/"
	@echo "                  LANG=zh (lab, lab-fresh, student): the Chinese copy (_build/lab-zh, _build/student-zh)"
	@echo "make assignments  graded assignments (otter-grader) in _build/assignments/;"
	@echo "                  SEED=N: this term's own numbers; ROSTER=file: one version per student"
	@echo "                  SELF_CHECK=no (with SEED): no check cells, graded after submission"
	@echo "                  CHAPTERS=\"04 16\" or EXERCISES=\"ch23-ex-bpref ...\" to choose"
	@echo "make grade        CHAPTER=07 SUBMISSIONS=folder: grade a folder of submitted notebooks"
	@echo "                  into a gradebook CSV (GRADEBOOK=..., TIMEOUT=300 s per notebook)"
	@echo "make bench        run the benchmarks (metrics, stats and widgets)"
	@echo "make bench-compare REF=<commit>  the package's speed against another commit's, same run"
	@echo "make bench-spark  evalmetrics against Spark local mode (about 10 min; the conventions page's figures)"
	@echo "make constraints  regenerate constraints.txt from a fresh venv"
	@echo "make clean        remove _build and caches (keeps .venv)"

# --- set-up -------------------------------------------------------------------------------
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(BIN)/uv: $(BIN)/python constraints.txt
	$(PIP) install --quiet --disable-pip-version-check -c constraints.txt uv
	@touch $@

# ranx's numba functions compiled once into numba's cache (about a minute on two cores), not once
# per chapter
$(VENV)/.book-installed: $(BIN)/uv requirements.txt constraints.txt overrides.txt pyproject.toml
	$(PIP_INSTALL) -r requirements.txt
	$(BIN)/python tools/warm_numba.py
	@touch $@

# The tests include the JupyterLab test, so they install Lab too.
$(VENV)/.test-installed: $(VENV)/.lab-installed requirements-test.txt
	$(PIP_INSTALL) -r requirements-test.txt
	@touch $@

$(VENV)/.lab-installed: $(VENV)/.book-installed requirements-lab.txt
	$(PIP_INSTALL) -r requirements-lab.txt
	@touch $@

# pyspark for tests/test_spark.py (about 490 MB and 45 s; Java 17+ on the machine), kept out of
# the book's install. The unit tests collect tests/test_spark.py, so they need it.
$(VENV)/.spark-installed: $(VENV)/.test-installed requirements-spark.txt
	$(PIP_INSTALL) -r requirements-spark.txt
	@touch $@

# --- the book -----------------------------------------------------------------------------
# jupyter-cache (_ext/fresh_notebooks.py): a notebook executes only when its code, the
# evalmetrics modules it imports, the files it reads or the installed versions changed, and the
# notebooks to execute run $(JOBS) at a time. A rebuild after a Markdown edit takes seconds.
# tools/build_book.py builds the English edition and, beside it from the same executed
# notebooks, the Chinese one (_build/html/zh, from locales/: tools/translations.py).
book: $(VENV)/.book-installed
	$(BOOK_ENV) BOOK_JOBS=$(JOBS) $(BIN)/python tools/build_book.py
	@echo
	@echo "Open the book: $(CURDIR)/_build/html/index.html (中文版: _build/html/zh/index.html)"

# --- tests --------------------------------------------------------------------------------
lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

XDIST = $(if $(filter 1,$(JOBS)),,-n $(JOBS))

# make test runs every check, the parametrized ones on representative cases; make test-full
# (nightly) runs the rest of those cases too (the tests marked nightly: every chapter's
# assignment graded, every step of the recipes undone, a whole term built).
UNIT_MARKS ?= not browser and not nightly

unit: $(VENV)/.spark-installed $(VENV)/.teach-installed
	$(THREADS_ENV) $(BIN)/python -m pytest tests evalmetrics -m "$(UNIT_MARKS)" -q --durations=20 \
		$(XDIST) $(if $(XDIST),--dist loadfile,)

# The unit tests without the slow ones (a fresh venv, Spark, tiny books built from scratch)
unit-fast: $(VENV)/.test-installed
	$(BIN)/python -m pytest tests evalmetrics -m "not browser and not slow and not spark and not nightly" -q $(XDIST)

# The notebooks, each in its own kernel, $(JOBS) at a time; NBVAL_ARGS adds pytest options.
# tests/conftest.py (loaded with -p) marks nightly the notebooks that show no explorer: the
# build has run their code as a reader's kernel would. UNIT_MARKS="not browser" runs them all.
nbval: $(VENV)/.test-installed
	PYTHONPATH=tests $(THREADS_ENV) $(BIN)/python -m pytest -p conftest --nbval-lax chapters \
		reference -m "$(UNIT_MARKS)" -q $(XDIST) $(if $(XDIST),--dist loadfile,) $(NBVAL_ARGS)

build-check: $(VENV)/.test-installed
	$(BOOK_ENV) BOOK_JOBS=$(JOBS) $(BIN)/python tools/build_book.py

# (otter-grader too: tests/test_lab_class.py does an assignment in Lab and grades it)
browser: $(VENV)/.teach-installed
	$(THREADS_ENV) LAB_TEST_CHAPTERS="$(LAB_CHAPTERS)" $(BIN)/python -m pytest tests -m browser -v

# The edit-look-edit loop: lint, the fast unit tests in parallel, and the book rebuilt where its
# inputs changed (a Markdown edit: seconds; a package edit: the chapters that import it).
check: $(VENV)/.test-installed
	$(MAKE) --no-print-directory lint
	$(MAKE) --no-print-directory unit-fast
	$(MAKE) --no-print-directory build-check

timings: $(VENV)/.book-installed
	$(BIN)/python tools/notebook_timings.py

# The order matters: the browser test opens the book that build-check has just built. The
# unit tests (both cores, one test file at a time per worker, so that a module's costly
# fixtures are made once) run beside the browser test and then nbval: the browser test mostly
# waits for pages and kernels. Each side's output is printed in one piece when it ends, so the
# last lines are pytest's summary of whichever ends last.
test: $(VENV)/.spark-installed $(VENV)/.teach-installed
	$(MAKE) --no-print-directory lint
	$(MAKE) --no-print-directory build-check
	$(MAKE) --no-print-directory -j2 --output-sync=target unit browser-nbval

browser-nbval: $(VENV)/.teach-installed
	$(MAKE) --no-print-directory browser
	$(MAKE) --no-print-directory nbval \
		NBVAL_ARGS="$(foreach chapter,$(notdir $(LAB_CHAPTERS)),--ignore=chapters/$(chapter).ipynb)"

# Nightly: make test with every case of every check (about 25 minutes on two cores), and the
# pages photographed whole
test-full:
	EVALMETRICS_FULL_SHOTS=1 $(MAKE) --no-print-directory test UNIT_MARKS="not browser"

# To look at the built book: each page photographed whole (JPEG), with its explorers before and
# after a slider moves, in _build/screenshots/ (the page checks of the browser test, about 4 min)
screenshots: $(VENV)/.test-installed
	EVALMETRICS_FULL_SHOTS=1 $(BIN)/python -m pytest tests/test_browser.py -m browser -q \
		-k page_reads_well_offline

# --- self-study and class -----------------------------------------------------------------
# JupyterLab on a copy of the chapters in _build/lab (tools/make_lab.py): the book's roles
# resolved for jupyterlab-myst, hidden cells and solutions folded, and the tracked notebooks
# never written, so `git status` stays clean after a session. Root may run it (containers).
# LANG=zh (or a zh_CN locale): the Chinese copy, in _build/lab-zh: the prose from the Chinese
# catalogs, the figures drawn in Chinese, check()'s feedback in Chinese.
READER_LANGUAGE := $(if $(filter zh%,$(LANG)),zh_CN,)
LAB_DIR  ?= _build/lab$(if $(READER_LANGUAGE),-zh,)
LAB_ARGS ?= --ServerApp.ip=127.0.0.1
ALLOW_ROOT = $(if $(filter 0,$(shell id -u)),--allow-root,)

# The first run executes every chapter to fill in the prose (a few minutes); later runs keep the
# copy, and with it your work in Lab. `make lab-fresh` rewrites the copy from the chapters.
lab: $(VENV)/.lab-installed
	EVALMETRICS_LANGUAGE=$(READER_LANGUAGE) $(BIN)/python tools/make_lab.py --out $(LAB_DIR)
	EVALMETRICS_LAB=1 EVALMETRICS_LANGUAGE=$(READER_LANGUAGE) $(BIN)/jupyter lab --ServerApp.root_dir=$(LAB_DIR) $(ALLOW_ROOT) $(LAB_ARGS)

lab-fresh: $(VENV)/.lab-installed
	EVALMETRICS_LANGUAGE=$(READER_LANGUAGE) $(BIN)/python tools/make_lab.py --out $(LAB_DIR) --force
	EVALMETRICS_LAB=1 EVALMETRICS_LANGUAGE=$(READER_LANGUAGE) $(BIN)/jupyter lab --ServerApp.root_dir=$(LAB_DIR) $(ALLOW_ROOT) $(LAB_ARGS)

# The student edition: the chapters without solutions, as Lab shows them (tools/make_student.py
# takes the prose's numbers from the build's executed chapters when they are up to date).
student: $(VENV)/.book-installed
	EVALMETRICS_LANGUAGE=$(READER_LANGUAGE) $(BIN)/python tools/make_student.py --out _build/student$(if $(READER_LANGUAGE),-zh,)

# Graded assignments for a class (tools/make_assignments.py): otter-grader's `otter assign` on a
# master notebook generated from each chapter; student notebooks, the autograder zip and the
# solutions under _build/assignments/chNN/, every student notebook in student-assignments.zip.
# otter-grader comes from requirements-teach.txt, on top of the test environment (12 packages,
# about 15 MB, 12 to 17 s); the book's install never pulls it in.
$(VENV)/.teach-installed: $(VENV)/.test-installed requirements-teach.txt
	$(PIP_INSTALL) -r requirements-teach.txt
	@touch $@

# SEED=<a large secret number>: this term's own numbers (every exercise that varies);
# ROSTER=students.csv with a SEED: one version per student, under $(ASSIGNMENTS_DIR)/<student>/
# (make grade finds them); SELF_CHECK=no with a SEED: no check cells, graded after submission
CHAPTERS ?=
EXERCISES ?=
SEED ?=
ROSTER ?=
SELF_CHECK ?= yes
ASSIGNMENTS_DIR ?= _build/assignments

.PHONY: assignments
assignments: $(VENV)/.teach-installed
	$(BIN)/python tools/make_assignments.py --out $(ASSIGNMENTS_DIR) \
		$(if $(CHAPTERS),--chapters $(CHAPTERS),) $(if $(EXERCISES),--exercises $(EXERCISES),) \
		$(if $(SEED),--seed $(SEED),) $(if $(ROSTER),--roster $(ROSTER),) \
		$(if $(filter no,$(SELF_CHECK)),--no-self-check,)

# Grade a folder of submitted notebooks (one .ipynb per student, named after the student) with
# one chapter's autograder from `make assignments`; writes a gradebook CSV (tools/grade.py).
# make grade CHAPTER=07 SUBMISSIONS=submissions/ch07 [GRADEBOOK=gradebook-ch07.csv] [TIMEOUT=300]
TIMEOUT ?= 300
.PHONY: grade
grade: $(VENV)/.teach-installed
	$(if $(and $(CHAPTER),$(SUBMISSIONS)),,$(error make grade needs CHAPTER=NN and SUBMISSIONS=folder))
	$(BIN)/python tools/grade.py --autograder $(ASSIGNMENTS_DIR)/ch$(CHAPTER) \
		--submissions $(SUBMISSIONS) --out $(or $(GRADEBOOK),gradebook-ch$(CHAPTER).csv) \
		--timeout $(TIMEOUT) --jobs 1

bench: $(VENV)/.test-installed
	$(BIN)/python benchmarks/bench_metrics.py
	$(BIN)/python benchmarks/bench_stats.py
	$(BIN)/python benchmarks/bench_widgets.py

# "Do I need Spark?": evalmetrics against Spark local mode at 10^6 and 10^7 rows (about 10 min);
# writes the figures the conventions page shows.
REF ?= HEAD
bench-compare: $(VENV)/.test-installed
	$(BIN)/python benchmarks/compare_versions.py --ref $(REF)

bench-spark: $(VENV)/.spark-installed
	$(BIN)/python benchmarks/bench_spark.py --json reference/data/bench_spark.json

# --- maintenance --------------------------------------------------------------------------
# Resolve requirements*.txt in a throwaway venv and record every exact version.
constraints:
	rm -rf _build/constraints-venv
	$(PYTHON) -m venv _build/constraints-venv
	_build/constraints-venv/bin/python -m pip install --quiet --disable-pip-version-check \
		-r requirements.txt -r requirements-test.txt -r requirements-lab.txt \
		-r requirements-spark.txt -r requirements-teach.txt uv
	{ echo "# Exact versions for reproducible installs; regenerate with: make constraints"; \
	  _build/constraints-venv/bin/python -m pip freeze --exclude-editable | grep -v '^-e' | sort -f; \
	} > constraints.txt
	rm -rf _build/constraints-venv
	@echo "constraints.txt updated"

clean:
	rm -rf _build .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -not -path "./$(VENV)/*" -prune -exec rm -rf {} +
