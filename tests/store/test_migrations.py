"""Numbered migrations: an old file upgrades on open; a newer file is refused untouched."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import duckdb
import pytest

from tutor.store import Rating, Store, StoreVersionError
from tutor.store.migrations import LATEST, MIGRATIONS, POSTGRESQL, steps, upgrade
from tutor.store.passwords import hash_secret, token_hash


def test_migrations_are_numbered_one_by_one() -> None:
    assert [number for number, _, _ in MIGRATIONS] == list(range(1, LATEST + 1))


def build_version_1(path: Path) -> None:
    """A file as the first release left it: schema 1 only, with a learner and two attempts."""
    con = duckdb.connect(str(path))
    assert upgrade(con, path, target=1) == 1
    con.execute(
        "INSERT INTO users (username, display_name, role, secret_hash, created_at)"
        " VALUES ('amy', 'Amy', 'learner', $1, $2)",
        [hash_secret("1234"), datetime(2024, 9, 1)],
    )
    con.execute(
        "INSERT INTO attempts (user_id, puzzle_id, answer, correct, seconds, rating_before,"
        " rating_after, assignment_id, created_at) VALUES"
        " (1, 'follow-001', '{\"play\": [\"AS\"]}', true, 9.5, 1500, 1512, NULL, $1),"
        " (1, 'follow-002', '\"pass\"', false, 20.0, 1512, 1490, NULL, $2)",
        [datetime(2024, 9, 1, 10), datetime(2024, 9, 1, 11)],
    )
    con.close()


def test_a_version_1_file_is_upgraded_and_keeps_its_records(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    build_version_1(db_path)
    with Store(db_path) as store:
        amy = store.users.authenticate("amy", "1234")
        history = store.attempts.for_user(amy.id, amy.id)
        assert [(a.puzzle_id, a.answer, a.correct, a.rating_after) for a in history] == [
            ("follow-002", "pass", False, 1490.0),
            ("follow-001", {"play": ["AS"]}, True, 1512.0),
        ]
        # what later migrations added works for the old account
        store.attempts.record_rated(amy.id, "follow-009", 1, True, 1.0, theme="follow",
                                    change=lambda user, puzzle: (
                                        Rating(1490.0, 180.0, 0.06), Rating(1510.0, 180.0, 0.06)))
        assert store.attempts.user_ratings(amy.id, amy.id) == {
            "follow": Rating(1490.0, 180.0, 0.06)}
        game = store.games.start(amy.id, {"decks": 3}, seed=7)
        assert store.games.add_actions(amy.id, game.id, {"bid": "2S"}) == 1
        guest, token = store.users.create_guest()
        assert store.users.guest(token).id == guest.id
        # new rows do not collide with the old ones
        new_id = store.attempts.record(amy.id, "follow-003", None, True, 3.0)
        assert new_id not in {a.id for a in history}
    con = duckdb.connect(str(db_path))
    versions = con.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
    con.close()
    assert versions == [(n,) for n in range(1, LATEST + 1)]


def test_each_migration_applies_on_top_of_the_one_before(tmp_path: Path) -> None:
    for stop in range(1, LATEST + 1):
        path = tmp_path / f"v{stop}.duckdb"
        con = duckdb.connect(str(path))
        assert upgrade(con, path, target=stop) == stop
        con.close()
        with Store(path) as store:
            amy = store.users.create("amy", "Amy", "learner", "1234")
            store.attempts.record(amy.id, "p1", 1, True, 1.0)


def test_a_session_saved_before_idle_expiry_existed_still_signs_in(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    con = duckdb.connect(str(db_path))
    assert upgrade(con, db_path, target=5) == 5
    con.execute("INSERT INTO users (username, display_name, role, secret_hash, created_at)"
                " VALUES ('amy', 'Amy', 'learner', $1, now())", [hash_secret("1234")])
    con.execute("INSERT INTO sessions VALUES ($1, 1, now())", [token_hash("browser-token")])
    con.close()
    with Store(db_path) as store:
        assert store.users.session_user("browser-token").username == "amy"


def test_a_file_from_a_newer_version_is_refused_and_left_alone(db_path: Path) -> None:
    with Store(db_path) as store:
        amy = store.users.create("amy", "Amy", "learner", "1234")
        store.attempts.record(amy.id, "p1", 1, True, 1.0)
    con = duckdb.connect(str(db_path))
    con.execute("INSERT INTO schema_version VALUES ($1, 'from the future', now())", [LATEST + 1])
    con.close()
    with pytest.raises(StoreVersionError) as caught:
        Store(db_path)
    message = str(caught.value)
    assert f"data version {LATEST + 1}" in message
    assert f"understands up to {LATEST}" in message
    assert "left unchanged" in message
    con = duckdb.connect(str(db_path))
    assert con.execute("SELECT max(version) FROM schema_version").fetchone() == (LATEST + 1,)
    assert con.execute("SELECT count(*) FROM attempts").fetchone() == (1,)
    con.close()


def test_games_saved_as_json_arrays_keep_their_actions_as_rows(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    con = duckdb.connect(str(db_path))
    assert upgrade(con, db_path, target=8) == 8
    con.execute("INSERT INTO users (username, display_name, role, secret_hash, created_at)"
                " VALUES ('amy', 'Amy', 'learner', $1, now())", [hash_secret("1234")])
    actions = [{"seat": 0, "bid": "2S"}, {"seat": 1, "pass": True}, {"play": ["AS", "AS"]}]
    con.execute("INSERT INTO games (user_id, rules, seed, actions, status, created_at,"
                " updated_at) VALUES (1, '{}', 7, $1, 'in_progress', now(), now()),"
                " (1, '{}', 8, '[]', 'in_progress', now(), now())", [json.dumps(actions)])
    con.close()
    with Store(db_path) as store:
        first, second = sorted(store.games.for_user(1, 1), key=lambda g: g.id)
        assert first.actions == tuple(actions) and second.actions == ()
        assert store.games.add_actions(1, first.id, {"play": ["KS"]}) == 4
        assert store.games.get(1, first.id).actions == (*actions, {"play": ["KS"]})
        assert store.games.add_actions(1, second.id, {"bid": "3H"}) == 1


@pytest.mark.parametrize("kind", ["duckdb", "postgresql"])
def test_both_backends_have_the_same_migration_numbers(kind: str) -> None:
    for number, _, _ in MIGRATIONS:
        assert steps(number, kind)
    assert set(POSTGRESQL) <= {number for number, _, _ in MIGRATIONS}


def test_games_saved_with_bigint_seeds_keep_them_and_new_games_take_128_bits(
        db_path: Path) -> None:
    """A game saved before seeds became text replays from the same seed; a person's deal
    of 128 random bits (more than BIGINT holds) is kept whole."""
    db_path.parent.mkdir(parents=True)
    con = duckdb.connect(str(db_path))
    before = next(n for n, about, _ in MIGRATIONS if "seed as text" in about) - 1
    assert upgrade(con, db_path, target=before) == before
    con.execute("INSERT INTO users (username, display_name, role, secret_hash, created_at)"
                " VALUES ('amy', 'Amy', 'learner', $1, now())", [hash_secret("1234")])
    con.execute("INSERT INTO games (user_id, rules, seed, action_count, status, created_at,"
                " updated_at) VALUES (1, '{}', 2147483646, 0, 'in_progress', now(), now())")
    con.close()
    with Store(db_path) as store:
        (old,) = store.games.for_user(1, 1)
        assert old.seed == 2147483646
        big = (1 << 128) | 0xFEDCBA9876543210FEDCBA9876543210
        game = store.games.start(1, {"decks": 3}, seed=big)
    with Store(db_path) as store:
        assert store.games.get(1, game.id).seed == big


def test_reviews_saved_before_tables_are_kept_as_their_players(db_path: Path) -> None:
    """Migration 15 keys a review by its player too: the rows written under 14 move over."""
    db_path.parent.mkdir(parents=True)
    con = duckdb.connect(str(db_path))
    assert upgrade(con, db_path, target=14) == 14
    con.execute("INSERT INTO users (username, display_name, role, secret_hash, created_at)"
                " VALUES ('amy', 'Amy', 'learner', $1, now())", [hash_secret("1234")])
    con.execute("INSERT INTO games (id, user_id, rules, seed, result, status, created_at,"
                " updated_at) VALUES (nextval('game_ids'), 1, '{}', '7', NULL, 'in_progress',"
                " now(), now())")
    con.execute("INSERT INTO reviews VALUES (1, 0, 1, '{\"kept\": true}', 50.0, now())")
    con.execute("INSERT INTO review_mistakes VALUES (1, 0, 3, 1, 'lead', 'blunder', true, now())")
    con.close()
    with Store(db_path) as store:
        amy = store.users.authenticate("amy", "1234")
        assert store.reviews.get(amy.id, 1, 0) == {"kept": True}
        assert [(m.index, m.kind) for m in store.reviews.mistakes(amy.id, amy.id)] == [
            (3, "lead")]
        assert store.reviews.reviewed(amy.id, amy.id) == 1
