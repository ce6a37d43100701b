"""Test settings shared by every test module.

hypothesis' default deadline (200 ms per example) makes a property test pass or fail with the
machine's speed: on a loaded 2-core machine an example can take longer without anything being
wrong. The property tests check values, not speed (speed is measured in ``benchmarks/``), so
the deadline is off.
"""

from hypothesis import settings

settings.register_profile("book", deadline=None)
settings.load_profile("book")
