"""Helpers for testing rules engines against mtgjudge.

``mtgjudge.testing.strategies`` holds hypothesis strategies that produce
random combats, mana costs, payment resources and parties as plain data
(dicts, lists, tuples and strings), so that any engine, not only mtgjudge's
own kernel and reference model, can be driven by them.
``mtgjudge.testing.scenarios`` plays a whole combat from
``strategies.combats()`` on any engine with the kernel's interface. Both need
``hypothesis`` (``pip install mtgjudge[test]``)."""
