"""A refusal is its English text, which knows its key and fields: journaled beside the text as
its `why`, copied and pickled as itself, and made again from a journaled why."""

from __future__ import annotations

import copy
import pickle

import pytest

import games.banking  # noqa: F401  # the stakes' refusals
from games.reasons import REASONS, Reason, define, reason, reason_of, remade, why_of


def test_a_refusal_is_its_text_and_journals_its_key_and_fields():
    said = reason("stake_below_min", stake="1.00", min="5.00")
    assert said == "1.00 is below the table minimum of 5.00" and isinstance(said, str)
    assert why_of(said) == {
        "why": {"key": "stake_below_min", "fields": {"stake": "1.00", "min": "5.00"}}
    }
    assert why_of("a text of no refusal") == {}


def test_a_refusal_copies_and_pickles_as_itself():
    said = reason("stake_over_max", seat=3, total="9.00", code="red", limit="red", max="8.00")
    for again in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert again == said and isinstance(again, Reason) and again.why() == said.why()


def test_a_journaled_why_makes_the_refusal_again_when_it_says_the_text():
    said = reason("stake_not_whole", stake="'ten'")
    again = remade(str(said), said.why())
    assert isinstance(again, Reason) and again.why() == said.why()
    for why in (None, {"key": "nope", "fields": {}}, {"key": "stake_not_whole"}, "text"):
        assert type(remade(str(said), why)) is str
    assert type(remade("another text", said.why())) is str


def test_an_error_raised_with_a_refusal_keeps_it():
    said = reason("stake_below_min", stake="1.00", min="5.00")
    assert reason_of(ValueError(said)) is said
    assert reason_of(ValueError("plain")) == "plain"


def test_a_key_is_defined_once():
    with pytest.raises(ValueError, match="defined twice"):
        define({"stake_below_min": "again"})
    assert REASONS["stake_below_min"] == "{stake} is below the table minimum of {min}"
