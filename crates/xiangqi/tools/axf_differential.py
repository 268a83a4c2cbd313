#!/usr/bin/env python3
"""Repetition rulings under the Asian rules, Qisai beside Fairy-Stockfish.

A developer's check, not part of the test suite (it needs `pip install pyffish`):
random legal positions, in each a random four-ply cycle (each side moves a piece
and moves it back, nothing captured) played twice, ruled by Fairy-Stockfish's
`is_optional_game_end` and by `qisai xiangqi adjudicate --rules asian`. Prints
how many agree and every position where they differ, to be read against the rule
book.

    python3 tools/axf_differential.py ../../target/release/qisai SEED COUNT
"""

import json
import random
import re
import subprocess
import sys
import tempfile
from collections import Counter

import pyffish as sf

MOVE = re.compile(r"([a-i])(\d+)([a-i])(\d+)")


def to_fairy(m):
    """Qisai's ICCS counts ranks from 0, Fairy-Stockfish's from 1."""
    a = MOVE.fullmatch(m)
    return f"{a[1]}{int(a[2]) + 1}{a[3]}{int(a[4]) + 1}"


def to_qisai(m):
    a = MOVE.fullmatch(m)
    return f"{a[1]}{int(a[2]) - 1}{a[3]}{int(a[4]) - 1}"


def reverse(m):
    a = MOVE.fullmatch(m)
    return f"{a[3]}{a[4]}{a[1]}{a[2]}"


def random_fen(rng):
    board = {}
    every = [(f, r) for f in range(9) for r in range(10)]
    advisor = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)]
    elephant = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)]
    soldier = [(f, r) for f in range(9) for r in range(3, 10) if r >= 5 or f % 2 == 0]
    board[(rng.choice([3, 4, 5]), rng.choice([0, 1, 2]))] = "K"
    board[(rng.choice([3, 4, 5]), rng.choice([7, 8, 9]))] = "k"
    for red in (True, False):
        def mirror(points):
            return points if red else [(f, 9 - r) for f, r in points]
        for letter, points, most in (("a", advisor, 2), ("b", elephant, 2), ("n", every, 2),
                                     ("r", every, 2), ("c", every, 2), ("p", soldier, 3)):
            for _ in range(rng.randint(0, most)):
                free = [s for s in mirror(points) if s not in board]
                if free:
                    board[rng.choice(free)] = letter.upper() if red else letter
    ranks = []
    for r in range(9, -1, -1):
        text, empty = "", 0
        for f in range(9):
            piece = board.get((f, r))
            if piece is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + piece
            empty = 0
        ranks.append(text + (str(empty) if empty else ""))
    return "/".join(ranks) + " w - - 0 1"


def occupied(fen, square):
    """Whether a piece stands on `square` (Fairy-Stockfish's coordinates) in `fen`."""
    a = re.fullmatch(r"([a-i])(\d+)", square)
    rank = fen.split()[0].split("/")[10 - int(a[2])]
    file = 0
    for ch in rank:
        if ch.isdigit():
            file += int(ch)
            continue
        if "abcdefghi"[file] == a[1]:
            return True
        file += 1
    return False


def quiet(fen, played, m):
    """Whether `m` is legal after `played` and captures nothing."""
    if m not in sf.legal_moves("xiangqi", fen, played):
        return False
    return not occupied(sf.get_fen("xiangqi", fen, played), MOVE.fullmatch(m)[3] + MOVE.fullmatch(m)[4])


def random_cycle(fen, rng):
    moves = sf.legal_moves("xiangqi", fen, [])
    rng.shuffle(moves)
    for red in moves[:12]:
        if not quiet(fen, [], red):
            continue
        replies = sf.legal_moves("xiangqi", fen, [red])
        rng.shuffle(replies)
        for black in replies[:12]:
            cycle = [red, black, reverse(red), reverse(black)]
            played = cycle * 2
            if all(quiet(fen, played[:k], played[k]) for k in range(len(played))):
                return played
    return None


def main():
    qisai, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    seen, differ, rulings = 0, [], Counter()
    record = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False).name
    while seen < count:
        fen = random_fen(rng)
        try:
            if sf.validate_fen(fen, "xiangqi") != 1 or sf.gives_check("xiangqi", fen, []):
                continue
            played = random_cycle(fen, rng)
        except (ValueError, SystemError):
            continue
        if played is None:
            continue
        ended, value = sf.is_optional_game_end("xiangqi", fen, played)
        # After eight plies red is to move; the value is for the side to move.
        theirs = "none" if not ended else "draw" if value == 0 else "red" if value > 0 else "black"
        with open(record, "w") as f:
            f.write("\n".join(to_qisai(m) for m in played) + "\n")
        out = subprocess.run([qisai, "xiangqi", "adjudicate", record, "--fen", fen.split()[0] + " w",
                              "--rules", "asian", "--json"], capture_output=True, text=True, check=True)
        verdict = json.loads(out.stdout)
        ruling = verdict.get("rule", {}).get("ruling")
        ours = verdict["result"] if ruling else "none"
        seen += 1
        rulings[(theirs, ruling)] += 1
        if ours != theirs:
            differ.append((fen.split()[0], " ".join(to_qisai(m) for m in played), theirs, ours, ruling))
    print(f"{seen} cycles, {seen - len(differ)} ruled alike; Fairy-Stockfish's result and our ruling:")
    for (theirs, ruling), n in rulings.most_common():
        print(f"  {n:5}  {theirs:6} {ruling}")
    for fen, moves, theirs, ours, ruling in differ:
        print(f"differ: {fen} w | {moves} | Fairy-Stockfish {theirs}, Qisai {ours} ({ruling})")


if __name__ == "__main__":
    main()
