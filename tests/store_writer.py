"""A child process for the kill -9 test: records matches forever, printing each id once it is durable."""

from __future__ import annotations

import sys

from arena.store import MatchStore
from tests.factories import sample_record


def main(path: str) -> None:
    """Add records; every 7th one close and reopen, so kills also land inside a merge."""
    store = MatchStore(path)
    index = 0
    while True:
        record = sample_record(index, 20_000)
        store.add(record)
        print(record.id, flush=True)
        index += 1
        if index % 7 == 0:
            store.close()
            store = MatchStore(path)


if __name__ == "__main__":
    main(sys.argv[1])
