"""Helpers for testing rules engines against mtgjudge.

``mtgjudge.testing.strategies`` holds hypothesis strategies that produce
random combats as plain data (dicts, lists and tuples), so that any engine,
not only mtgjudge's own kernel and reference model, can be driven by them.
It needs ``hypothesis`` (``pip install mtgjudge[test]``)."""
