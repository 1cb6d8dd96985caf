"""Play mode: a whole match against four AI opponents."""
