"""The judge: runs probes on an engine through the protocol, compares the
engine's observations with each probe's expectations, and reports.

It knows engines only through :mod:`mtgjudge.protocol`; ``mtgjudge check``
is the same judge with our own model as the engine.
"""
