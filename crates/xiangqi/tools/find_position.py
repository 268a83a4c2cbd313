#!/usr/bin/env python3
"""A position for a rule book's moves, found at random.

A developer's tool, not part of the test suite (it needs `pip install pyffish`).
The rule book prints its diagrams' moves but shows the positions only as
pictures; this places the pieces a spec fixes, adds a few at random from its
pool (each on a point it may stand on), and keeps positions where the cycle,
played twice, is legal, captures nothing, and each ply does what the spec asks:
`threat` (no check, and the mover could mate next move), `quiet` (no check, no
mate threat) or `check`. Nobody may pass up a mate in one. Fairy-Stockfish is
the oracle for legality, checks and mates; what a position found this way rules
is then Qisai's to say (`qisai xiangqi adjudicate`).

    python3 tools/find_position.py SPEC.json SEED

A spec (moves in Qisai's ICCS, ranks from 0; pieces in FEN letters), for
diagram 7 (N6+7 k6+1 N7-6 k6-1):

    {"fixed": {"f9": "k", "e0": "K", "d6": "N"},
     "cycle": ["d6c8", "f9f8", "c8d6", "f8f9"],
     "want": ["threat", "quiet"],
     "always": ["R"], "pool": ["C", "P", "P", "a", "a", "b", "b", "p", "A", "B"],
     "min": 0, "max": 4, "tries": 15000}
"""

import json
import random
import sys

import pyffish as sf

VARIANT = "xiangqi"
FILES = "abcdefghi"


def to_fairy(m):
    """Qisai's ICCS counts ranks from 0, Fairy-Stockfish's from 1."""
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def square(name):
    return FILES.index(name[0]), int(name[1:])


def may_stand(piece, at):
    """Whether `piece` may stand on `at` in a game (advisors, elephants, generals
    and soldiers keep to their points)."""
    file, rank = at
    own_rank = rank if piece.isupper() else 9 - rank
    kind = piece.lower()
    if kind == "a":
        return (file, own_rank) in [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)]
    if kind == "b":
        return (file, own_rank) in [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)]
    if kind == "k":
        return 3 <= file <= 5 and own_rank <= 2
    if kind == "p":
        return own_rank >= 5 or (own_rank in (3, 4) and file % 2 == 0)
    return True


def fen_of(board):
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            piece = board.get((file, rank))
            if piece:
                row += (str(empty) if empty else "") + piece
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " w - - 0 1"


def other_side_to_move(fen):
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return " ".join(parts)


def mates(fen, move):
    return sf.gives_check(VARIANT, fen, [move]) and not sf.legal_moves(VARIANT, fen, [move])


def can_mate(fen):
    return any(mates(fen, m) for m in sf.legal_moves(VARIANT, fen, []))


def pieces(fen):
    return sum(c.isalpha() for c in fen.split()[0])


def plays_as_wanted(fen, cycle, want):
    played = []
    for ply, move in enumerate(cycle):
        now = sf.get_fen(VARIANT, fen, played)
        move = to_fairy(move)
        if move not in sf.legal_moves(VARIANT, now, []) or can_mate(now):
            return False
        after = sf.get_fen(VARIANT, now, [move])
        check = sf.gives_check(VARIANT, now, [move])
        if pieces(after) != pieces(now):
            return False
        asked = want[ply % len(want)]
        if asked == "check" and not check:
            return False
        if asked in ("threat", "quiet"):
            threat = not check and can_mate(other_side_to_move(after))
            if check or threat != (asked == "threat"):
                return False
        played.append(move)
    return True


def main():
    spec = json.load(open(sys.argv[1]))
    random.seed(int(sys.argv[2]))
    fixed = {square(k): v for k, v in spec["fixed"].items()}
    cycle = spec["cycle"]
    path = {square(m[:2]) for m in cycle} | {square(m[2:]) for m in cycle}
    found = 0
    for _ in range(spec.get("tries", 10000)):
        board = dict(fixed)
        count = random.randint(spec.get("min", 0), spec.get("max", len(spec["pool"])))
        for piece in spec.get("always", []) + random.sample(spec["pool"], count):
            for _ in range(50):
                at = (random.randrange(9), random.randrange(10))
                if at not in board and at not in path and may_stand(piece, at):
                    board[at] = piece
                    break
        fen = fen_of(board)
        # Fairy-Stockfish may crash on a position where the side not to move is in check.
        if sf.validate_fen(fen, VARIANT) != 1 or sf.gives_check(VARIANT, other_side_to_move(fen), []):
            continue
        if plays_as_wanted(fen, cycle + cycle, spec["want"]):
            print(fen.split()[0], "w")
            found += 1
            if found == spec.get("wanted", 5):
                break


if __name__ == "__main__":
    main()
