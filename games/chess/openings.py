"""Opening positions a tournament can start from, so that its games differ while the engines stay deterministic.

Each is a well-known line a few moves deep (names as the ECO tables give them), written as the moves from the
start; the position is reached through the rules, so a typo here fails the tests rather than a game.
"""

from __future__ import annotations

OPENINGS: dict[str, str] = {
    "Ruy Lopez": "e4 e5 Nf3 Nc6 Bb5",
    "Italian Game": "e4 e5 Nf3 Nc6 Bc4",
    "Scotch Game": "e4 e5 Nf3 Nc6 d4",
    "Petrov Defence": "e4 e5 Nf3 Nf6",
    "Sicilian Najdorf": "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
    "Sicilian Dragon": "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6",
    "French Defence": "e4 e6 d4 d5",
    "Caro-Kann Defence": "e4 c6 d4 d5",
    "Pirc Defence": "e4 d6 d4 Nf6 Nc3 g6",
    "Scandinavian Defence": "e4 d5 exd5 Qxd5",
    "Queen's Gambit Declined": "d4 d5 c4 e6",
    "Slav Defence": "d4 d5 c4 c6",
    "Queen's Gambit Accepted": "d4 d5 c4 dxc4",
    "King's Indian Defence": "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6",
    "Nimzo-Indian Defence": "d4 Nf6 c4 e6 Nc3 Bb4",
    "Grünfeld Defence": "d4 Nf6 c4 g6 Nc3 d5",
    "Dutch Defence": "d4 f5",
    "English Opening": "c4 e5",
    "Réti Opening": "Nf3 d5 c4",
    "London System": "d4 d5 Bf4 Nf6 e3",
}
