"""Engines behind the protocol: our own game model (:mod:`.model`), and
adapters for other engines, each in its own package."""
