"""The per-address rate of new page sessions: a bucket that a class can share and a page
loop cannot."""

from __future__ import annotations

from tutor.ui.routes import SessionRate


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_class_gets_in_within_seconds_and_a_loop_waits_then_is_refused():
    clock = Clock()
    rate = SessionRate(burst=10, per_second=1.0, max_wait=30, clock=clock)
    waits = [rate.take("203.0.113.5") for _ in range(30)]  # a class behind one NAT at once
    assert waits[:10] == [0.0] * 10
    assert waits[10:] == [float(n) for n in range(1, 21)]  # then one a second: 20 s at most
    more = [rate.take("203.0.113.5") for _ in range(20)]
    assert more[:10] == [float(n) for n in range(21, 31)] and more[10:] == [None] * 10
    assert rate.take("198.51.100.1") == 0  # other addresses are not affected
    clock.now += 60  # the queue has drained: its turns come again
    assert rate.take("203.0.113.5") == 0
    assert all(rate.take("") == 0 for _ in range(500))  # this machine is never limited


def test_the_table_of_addresses_stays_bounded():
    clock = Clock()
    rate = SessionRate(burst=5, per_second=1.0, addresses=100, clock=clock)
    for i in range(1000):
        rate.take(f"10.0.{i // 256}.{i % 256}")
        clock.now += 0.001
    assert len(rate._buckets) <= 100
