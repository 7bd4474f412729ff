"""The carrousel's pool arithmetic (section 11, CARROUSEL; docs/bets.md): coins join the pool before
anything is paid, a royal flush takes the pool, a straight flush 10% of it, rounded down to the
chip unit with the rest left in the pool."""

from fractions import Fraction

from games.poker_stud.carrousel import pay_carrousel
from games.records import POOL, Bet, PoolMovement, Settlement

TENTH = Fraction(1, 10)


def coin(box: int) -> Bet:
    return Bet(f"c{box}", box, f"carrousel:{box}", 100)


def test_coins_without_a_jackpot_hand_join_the_pool_and_are_lost():
    entries, pool = pay_carrousel(5_000, [(coin(1), "pair"), (coin(2), "flush")], TENTH, 100)
    assert entries == {
        "c1": Settlement("c1", "lose", against=POOL),
        "c2": Settlement("c2", "lose", against=POOL),
    }
    assert pool == PoolMovement(pool_before=5_000, coins=200, paid_out=0, pool_after=5_200)
    assert pool.to_json() == {
        "pool_before": 5_000,
        "coins": 200,
        "paid_out": 0,
        "pool_after": 5_200,
    }


def test_a_royal_flush_takes_the_whole_pool_with_this_coups_coins():
    entries, pool = pay_carrousel(5_000, [(coin(1), "royal_flush"), (coin(2), "pair")], TENTH, 100)
    assert entries["c1"] == Settlement("c1", "win", paid=5_200, returned=0, against=POOL)
    assert entries["c2"].result == "lose"
    assert pool == PoolMovement(5_000, 200, 5_200, 0)


def test_a_straight_flush_takes_a_tenth_rounded_down_to_the_chip_unit():
    entries, pool = pay_carrousel(12_345, [(coin(3), "straight_flush")], TENTH, 100)
    # 12,445 in the pool: a tenth is 1,244.5, paid 1,200; the 44.5 stays in the pool.
    assert entries["c3"] == Settlement(
        "c3", "win", paid=1_200, returned=0, breakage=Fraction(89, 2), against=POOL
    )
    assert pool == PoolMovement(12_345, 100, 1_200, 11_245)


def test_royal_flushes_share_the_pool_equally_and_the_remainder_stays():
    entries, pool = pay_carrousel(
        10_050, [(coin(2), "royal_flush"), (coin(5), "royal_flush")], TENTH, 100
    )
    # 10,250 shared by two: 5,125 each, paid 5,100; 50 left in the pool.
    assert entries["c2"].paid == entries["c5"].paid == 5_100
    assert entries["c2"].breakage == 25
    assert pool == PoolMovement(10_050, 200, 10_200, 50)


def test_straight_flushes_are_paid_after_the_royal_flushes_from_what_they_left():
    entries, pool = pay_carrousel(
        9_990, [(coin(1), "straight_flush"), (coin(4), "royal_flush")], TENTH, 10
    )
    assert entries["c4"].paid == 10_190
    assert entries["c1"] == Settlement("c1", "win", paid=0, returned=0, against=POOL)
    assert pool.pool_after == 0
    entries, pool = pay_carrousel(
        20_000, [(coin(1), "straight_flush"), (coin(2), "straight_flush")], TENTH, 100
    )
    assert entries["c1"].paid == entries["c2"].paid == 2_000  # each a tenth of the same 20,200
    assert pool == PoolMovement(20_000, 200, 4_000, 16_200)
