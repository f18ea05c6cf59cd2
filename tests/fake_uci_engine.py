#!/usr/bin/env python3
"""A UCI engine that misbehaves on purpose (FAKE_UCI_MODE), for the grader's fault tests; run as ARENA_STOCKFISH.

Modes: `illegal-bestmove` (scores every move, then names an illegal best move), `malformed-info` (info lines
python-chess cannot read), `huge-score` (a 40-digit centipawn score), `mate-zero` (`score mate 0` in a position
that is not mate), `partial` (scores only the first legal move), `die` (exits at the first search), `die-late`
(exits at the fourth search), `silent-go` (never answers `go`), `illegal-pv` (every line starts with an illegal
move), `garbage-bestmove` (`bestmove zz99`), `no-uciok` (never finishes the handshake).
Scores every legal move by a fixed rule otherwise, so it is a real, if silly, engine.
"""

from __future__ import annotations

import os
import sys

import chess


def main() -> None:
    mode = os.environ.get("FAKE_UCI_MODE", "")
    board = chess.Board()
    out = sys.stdout
    searches = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci" and mode == "no-uciok":
            out.write("id name FakeFish 1\n")
        elif words[0] == "uci":
            out.write("id name FakeFish 1\nid author tests\noption name Threads type spin default 1 min 1 max 8\n"
                      "option name Hash type spin default 16 min 1 max 64\n"
                      "option name MultiPV type spin default 1 min 1 max 500\n"
                      "option name UCI_LimitStrength type check default false\n"
                      "option name Skill Level type spin default 20 min 0 max 20\nuciok\n")  # fmt: skip
        elif words[0] == "isready":
            out.write("readyok\n")
        elif words[0] == "position":
            board = chess.Board() if words[1] == "startpos" else chess.Board(" ".join(words[2:8]))
            if "moves" in words:
                for move in words[words.index("moves") + 1 :]:
                    board.push_uci(move)
        elif words[0] == "go":
            searches += 1
            if mode == "die" or (mode == "die-late" and searches == 4):
                sys.exit(3)
            if mode == "silent-go":
                continue
            moves = sorted(board.legal_moves, key=chess.Move.uci)
            if mode == "partial":
                moves = moves[:1]
            for rank, move in enumerate(moves, 1):
                score = f"cp {100 - rank}"
                if mode == "huge-score":
                    score = "cp 1234567890123456789012345678901234567890"
                elif mode == "mate-zero":
                    score = "mate 0"
                if mode == "malformed-info":
                    out.write(f"info depth 1 multipv {rank} score cp banana nodes 1 pv {move.uci()} zz99\n")
                elif mode == "illegal-pv":
                    out.write(f"info depth 1 multipv {rank} score cp 10 nodes 10 pv e2e5 {move.uci()}\n")
                else:
                    out.write(f"info depth 1 seldepth 1 multipv {rank} score {score} nodes 10 pv {move.uci()}\n")
            best = {"illegal-bestmove": "a1a1", "garbage-bestmove": "zz99"}.get(
                mode, moves[0].uci() if moves else "(none)"
            )
            out.write(f"bestmove {best}\n")
        elif words[0] == "quit":
            return
        out.flush()


if __name__ == "__main__":
    main()
