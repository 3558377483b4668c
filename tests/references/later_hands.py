"""Setups of a later hand, given to ``rules.new_deal`` as keywords: what the previous
hand left. Guandan's finishing order sets the tribute (§8.3); Gouji's result (places,
points opened, 闷) sets purchases and tribute (§7). Shared by the contract cases and
the sampled-world presets, so both play the same later hands."""

from __future__ import annotations

from typing import Any

GUANDAN: list[dict[str, Any]] = [
    {"previous_finish": [0, 2]},
    {"previous_finish": [1, 0, 3]},
    {"previous_finish": [3, 1, 0, 2]},
]

GOUJI: list[dict[str, Any]] = [
    {
        "previous": {
            "places": [0, 3, 4, 5, 1, 2],
            "pointed": [],
            "declared": [],
            "burns": [],
            "men": [(2, 3), (4, 0), (5, 0)],
        }
    },
    {
        "previous": {
            "places": [1, 0, 2, 3, 4, 5],
            "pointed": [0, 2],
            "declared": [],
            "burns": [],
            "men": [(2, 0), (3, 5), (4, 5), (5, 0)],
        }
    },
]
