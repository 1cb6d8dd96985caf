"""Copying every record of one store into another (a classroom's DuckDB file into the
PostgreSQL server a school shares): all tables, ids kept, sequences set past them, and
row counts checked afterwards.

Both stores are opened first, so both are at the latest schema (and a journal an older
version left is copied into the DuckDB file); the copy is one transaction on the target, so
a failure leaves it as it was.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.store.errors import Conflict, InvalidInput, StoreError
from tutor.store.store import Store

# sequence -> the table whose `id` column it numbers
SEQUENCES = {"user_ids": "users", "class_ids": "classes", "assignment_ids": "assignments",
             "attempt_ids": "attempts", "game_ids": "games"}
BATCH = 5000  # rows read from the source at a time


def tables(store: Store) -> list[str]:
    """The store's tables holding records (not the schema's version), by name."""
    return [name for (name,) in store._db.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_catalog ="
        " current_database() AND table_schema = current_schema() AND table_type = 'BASE TABLE'"
        " AND table_name <> 'schema_version' ORDER BY table_name")]


def row_counts(store: Store) -> dict[str, int]:
    """How many rows each of the store's tables holds."""
    return {name: int(store._db.fetch(f'SELECT count(*) FROM "{name}"')[0][0])
            for name in tables(store)}


def _columns(store: Store, table: str) -> list[str]:
    return [name for (name,) in store._db.fetch(
        "SELECT column_name FROM information_schema.columns WHERE table_catalog ="
        " current_database() AND table_schema = current_schema() AND table_name = $1"
        " ORDER BY ordinal_position", [table])]


def copy_store(source: Store, target: Store, *, replace: bool = False,
               progress: Callable[[str, int, int], None] | None = None) -> dict[str, int]:
    """Copy every row of `source` (DuckDB) into `target` (PostgreSQL); return the row count
    of each table, checked equal on both sides.

    A target that holds any record is refused (`Conflict`) unless `replace`, which empties
    it first, in the same transaction. `progress(table, copied, rows)` is told as each
    batch of a table is copied, and once the table is done.
    """
    if source.backend != "duckdb" or target.backend != "postgresql":
        raise InvalidInput("Copying goes from a DuckDB file to a PostgreSQL database.")
    expected = row_counts(source)
    names = sorted(expected)
    if sorted(tables(target)) != names:
        raise StoreError(f"{source.location} and {target.location} do not have the same tables "
                         "(different app versions?); update the app and try again.")
    found = {name: rows for name, rows in row_counts(target).items() if rows}
    if found and not replace:
        listed = ", ".join(f"{name} {rows}" for name, rows in sorted(found.items()))
        raise Conflict(f"{target.location} already holds records ({listed}). Nothing was "
                       "copied; give --replace to empty it first, or choose another database.")
    columns = {name: _columns(source, name) for name in names}
    with target._db.connect() as con, con.transaction(), con.cursor() as cur:
        if found:
            cur.execute("TRUNCATE " + ", ".join(f'"{n}"' for n in names))
        for name in names:
            listed = ", ".join(f'"{c}"' for c in columns[name])
            source_cur = source._db.cursor()
            source_cur.execute(f'SELECT {listed} FROM "{name}"')
            done = 0
            with cur.copy(f'COPY "{name}" ({listed}) FROM STDIN') as copy:
                while batch := source_cur.fetchmany(BATCH):
                    for row in batch:
                        copy.write_row(row)
                    done += len(batch)
                    if progress is not None and done < expected[name]:
                        progress(name, done, expected[name])
            if progress is not None:
                progress(name, expected[name], expected[name])
        for sequence, table in SEQUENCES.items():
            cur.execute(f"SELECT setval('{sequence}', coalesce((SELECT max(id) FROM \"{table}\"),"
                        " 0) + 1, false)")
        copied = {}
        for name in names:
            cur.execute(f'SELECT count(*) FROM "{name}"')
            copied[name] = int(cur.fetchone()[0])
        if copied != expected:
            wrong = ", ".join(f"{n}: {expected[n]} in the file, {copied[n]} copied"
                              for n in names if copied[n] != expected[n])
            raise StoreError(f"The copy does not match ({wrong}); nothing was kept.")
    return copied
