"""The AI's research: what was tried on the search and not shipped, each with its figure.

Play inference (`inference`), whole-hand particles (`particles`), readings of the friend and
the top cards (`team`, `refusals`, `sampler`), searching the bids (`bid_search`) and the bury
and call (`setup_search`), all reached through `search.ResearchSearchPlayer`'s options; the
learned value's training (`value_data`, `train`). `search.build(spec)` builds any player a
`PlayerSpec` names, research options included.
"""
