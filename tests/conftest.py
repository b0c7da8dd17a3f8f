"""Shared test configuration: hypothesis profiles.

- ``ci`` (the default): derandomized and bounded, so CI is reproducible.
- ``slow``: ten times the examples of ``ci``, randomized; run it with
  ``HYPOTHESIS_PROFILE=slow pytest``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

CI_EXAMPLES = 200

settings.register_profile(
    "ci",
    max_examples=CI_EXAMPLES,
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "slow",
    max_examples=CI_EXAMPLES * 10,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
