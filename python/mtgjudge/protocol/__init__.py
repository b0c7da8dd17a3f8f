"""The engine protocol: the messages between the harness and an engine, and
the words they use. See ``docs/protocol.md``."""
