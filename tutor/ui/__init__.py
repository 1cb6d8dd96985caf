"""Panel components and pages (layer 3): built on the rules facade, never on its internals."""
