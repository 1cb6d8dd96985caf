"""The per-address rate of new page sessions: a bucket that a class can share and a page
loop cannot."""

from __future__ import annotations

from tutor.ui.routes import SessionRate


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_class_opens_at_once_and_a_loop_is_slowed_to_the_refill():
    clock = Clock()
    rate = SessionRate(burst=60, per_second=1.0, clock=clock)
    assert all(rate.take("203.0.113.5") == 0 for _ in range(30))  # a class behind one NAT
    assert all(rate.take("203.0.113.5") == 0 for _ in range(30))
    assert rate.take("203.0.113.5") == 1.0  # the 61st at once waits a second
    assert rate.take("198.51.100.1") == 0  # other addresses are not affected
    clock.now += 2.5
    assert rate.take("203.0.113.5") == 0 and rate.take("203.0.113.5") == 0
    assert 0 < rate.take("203.0.113.5") <= 1.0
    assert all(rate.take("") == 0 for _ in range(500))  # this machine is never limited


def test_the_table_of_addresses_stays_bounded():
    clock = Clock()
    rate = SessionRate(burst=5, per_second=1.0, addresses=100, clock=clock)
    for i in range(1000):
        rate.take(f"10.0.{i // 256}.{i % 256}")
        clock.now += 0.001
    assert len(rate._buckets) <= 100
