"""A refusal is its English text, made from its owner's table, which knows its key and fields:
journaled beside the text as its `why`, copied and pickled as itself, and made again from a
journaled why by the tables that know its key."""

from __future__ import annotations

import copy
import pickle

import pytest

from games.banking import WHY
from games.reasons import Reason, merged, reason, reason_of, remade, why_of


def test_a_refusal_is_its_text_and_journals_its_key_and_fields():
    said = reason(WHY, "stake_below_min", stake="1.00", min="5.00")
    assert said == "1.00 is below the table minimum of 5.00" and isinstance(said, str)
    assert why_of(said) == {
        "why": {"key": "stake_below_min", "fields": {"stake": "1.00", "min": "5.00"}}
    }
    assert why_of("a text of no refusal") == {}


def test_a_refusal_copies_and_pickles_as_itself():
    said = reason(WHY, "stake_over_max", seat=3, total="9.00", code="red", limit="red", max="8.00")
    for again in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert again == said and isinstance(again, Reason) and again.why() == said.why()


def test_a_journaled_why_makes_the_refusal_again_when_it_says_the_text():
    said = reason(WHY, "stake_not_whole", stake="'ten'")
    again = remade(str(said), said.why(), WHY)
    assert isinstance(again, Reason) and again.why() == said.why()
    for why in (None, {"key": "nope", "fields": {}}, {"key": "stake_not_whole"}, "text"):
        assert type(remade(str(said), why, WHY)) is str
    assert type(remade("another text", said.why(), WHY)) is str
    assert type(remade(str(said), said.why(), {})) is str  # a key these tables do not know


def test_an_error_raised_with_a_refusal_keeps_it():
    said = reason(WHY, "stake_below_min", stake="1.00", min="5.00")
    assert reason_of(ValueError(said)) is said
    assert reason_of(ValueError("plain")) == "plain"


def test_a_refusal_is_made_from_its_owners_table_only():
    with pytest.raises(KeyError):
        reason({"other": "another module's"}, "stake_below_min", stake="1.00", min="5.00")


def test_a_key_is_defined_once_where_the_tables_are_merged():
    with pytest.raises(ValueError, match="'stake_below_min' is defined twice"):
        merged(WHY, {"stake_below_min": "again"})
    # one table named twice (two games of one engine) is one owner, not a key defined twice
    assert merged(WHY, WHY, {"other": "x"}) == {**WHY, "other": "x"}
