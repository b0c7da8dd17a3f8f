"""The ruling format: reading, checking and writing ruling files.

- :mod:`.schema`: the shape of a file, from which its JSON Schema comes;
- :mod:`.ruling`: a loaded ruling and its probes, and the loader;
- :mod:`.parameters` and :mod:`.formula`: parametric rulings;
- :mod:`.checks`: what the shape alone can't check;
- :mod:`.corpus`: finding and loading a folder of rulings;
- :mod:`.writer`: printing a ruling as TOML.

It knows nothing of any engine: what a setup, an action or an expectation
means is the protocol's (``docs/protocol.md``) and the engine's business.
"""
