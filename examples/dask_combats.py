"""Resolve a large batch of combats with Dask.

The batch is cut into pieces of whole combats (``mtgjudge.batch.split_combats``),
each piece is resolved by ``mtgjudge.batch.resolve_combats`` in a Dask task,
and the results are put back together. The same code runs on one machine
(the default: Dask's local threaded scheduler; ``resolve_combats`` releases
the GIL, so threads run in parallel) or on a cluster: point Dask at it and
change nothing else, e.g.

    python examples/dask_combats.py --scheduler tcp://scheduler:8786

which does ``dask.distributed.Client("tcp://scheduler:8786")`` (install
``distributed`` for that). Needs ``dask`` (``pip install dask``; no pandas).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import dask.bag as db

from mtgjudge import batch


def resolve_with_dask(columns: dict, pieces: int, scheduler: str = "threads") -> dict:
    """``batch.resolve_combats(columns)``, computed piece by piece by Dask.

    ``scheduler`` is a local Dask scheduler ("threads", "processes",
    "synchronous") or the address of a Dask cluster's scheduler."""
    bag = db.from_sequence(batch.split_combats(columns, pieces), npartitions=pieces)
    # One thread per task: Dask runs the tasks in parallel.
    resolved = bag.map(lambda piece: batch.resolve_combats(piece, threads=1))
    if "://" in scheduler:
        from dask.distributed import Client  # only for a cluster

        with Client(scheduler):
            parts = resolved.compute()
    else:
        parts = resolved.compute(scheduler=scheduler)
    return batch.concat_combat_results(parts)


def main(argv: Sequence[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--combats", type=int, default=1_000_000)
    parser.add_argument("--pieces", type=int, default=8)
    parser.add_argument("--scheduler", default="threads")
    args = parser.parse_args(argv)
    columns = batch.sample_combats(args.combats, seed=42)
    results = resolve_with_dask(columns, args.pieces, args.scheduler)
    resolved = results["status"] == 0
    print(
        f"{args.combats:,} combats on Dask ({args.scheduler}, {args.pieces} pieces): "
        f"{resolved.mean():.1%} resolved, defender's life on average "
        f"{results['life'][resolved, 1].mean():.2f}, "
        f"{int(results['died'].sum()):,} creatures died"
    )
    return results


if __name__ == "__main__":
    main()
