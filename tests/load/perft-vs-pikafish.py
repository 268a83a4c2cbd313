#!/usr/bin/env python3
"""Perft time of qisai beside Pikafish's, round by round (#34): a measurement, not a
test. Each round runs both on the start position, a middlegame and an endgame, one
right after the other, so that the machine's drift (large on a shared machine) hits
both alike; the ratio of each round is printed, then each position's range.

Pikafish runs as one process and is timed in process (from `go perft` to its node
count, its start-up left out); qisai runs as a whole process (`qisai xiangqi perft`),
start-up included, so the ratio leans in Pikafish's favour. Both must count the same
nodes.

    python3 tests/load/perft-vs-pikafish.py PIKAFISH target/release/qisai [rounds]

Pikafish's perft needs no network file once `verify_network()` is taken out of
`Engine::perft` (perft does not evaluate); build it with `make build ARCH=x86-64-bmi2`.
"""
import statistics
import subprocess
import sys
import time

POSITIONS = [
    ("start", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 5),
    ("middlegame", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w", 5),
    ("endgame", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w", 6),
]


def main():
    pikafish, qisai = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    engine = subprocess.Popen([pikafish], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def pika(fen, depth):
        ask(f"position fen {fen}")
        ask("isready")
        while engine.stdout.readline().strip() != "readyok":
            pass
        started = time.perf_counter()
        ask(f"go perft {depth}")
        while True:
            line = engine.stdout.readline()
            if line.startswith("Nodes searched"):
                return time.perf_counter() - started, int(line.split(":")[1])

    def ours(fen, depth):
        started = time.perf_counter()
        out = subprocess.run([qisai, "xiangqi", "perft", fen, str(depth)], capture_output=True, text=True, check=True)
        return time.perf_counter() - started, int(out.stdout.split()[-1])

    ratios = {name: [] for name, _, _ in POSITIONS}
    for _ in range(rounds):
        for name, fen, depth in POSITIONS:
            theirs, nodes = pika(fen, depth)
            mine, counted = ours(fen, depth)
            assert nodes == counted, (name, nodes, counted)
            ratios[name].append(mine / theirs)
            print(f"{name}: qisai {mine:.3f} s, Pikafish {theirs:.3f} s, ratio {mine / theirs:.2f} ({nodes} nodes)", flush=True)
    ask("quit")
    for name, values in ratios.items():
        print(f"{name}: {min(values):.2f}–{max(values):.2f} (median {statistics.median(values):.2f}) over {rounds} rounds")


main()
