"""The game model: mtgjudge's own engine. Turns, zones, objects, casting,
triggered abilities, continuous effects, prevention and replacement. It
calls the Rust kernel (through :mod:`mtgjudge.kernel`) for combat damage,
costs and party size, and never imports the ruling format or the judge."""
