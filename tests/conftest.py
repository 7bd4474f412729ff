"""Shared fixtures."""

from __future__ import annotations

import os

import pytest

from terminal.feed.follow import FeedFollower
from tests.support.feed_tables import Table
from tests.support.helpers import REPO, made_then_closed, write_config

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture
def table_config(tmp_path):
    """The example roulette table with a fast sim wheel, ipc endpoints and a journal in tmp_path."""
    return write_config(tmp_path)


@pytest.fixture
def tables(tmp_path):
    yield from made_then_closed(lambda name="RL-01": Table(tmp_path, name))


@pytest.fixture
def followers():
    yield from made_then_closed(FeedFollower)


# The slow tests, which `make test-quick` (-m "not slow") leaves out and `make test` runs: those
# of a few seconds each or more on a loaded 2-core machine (real processes started, killed and
# started again, whole sessions played on the screen, long simulations, a Debian root built).
# A module (ALL) or some of its test functions (with all their parameters). A name that is no
# longer the module's fails the run, so that the list stays true.
ALL = None
SLOW: dict[str, set[str] | None] = {
    "tests/games/test_blackjack_properties.py": {
        "test_every_bet_ends_once_and_is_paid_what_its_hand_earns"
    },
    "tests/games/test_blackjack_simulation.py": {"test_the_boxes_return_what_basic_strategy_gives"},
    "tests/games/test_blackjack_strategy.py": {
        "test_split_aces_make_exactly_the_value_the_recursion_gives",
        "test_the_engine_playing_the_chart_makes_exactly_the_value_the_recursion_gives",
    },
    "tests/games/test_monte_odds.py": {
        "test_a_seeded_simulation_measures_every_row_within_its_interval"
    },
    "tests/games/test_poker_evaluator.py": {"test_every_five_card_hand_of_a_deck"},
    "tests/games/test_poker_stud_showdowns.py": {"test_a_sample_of_classes_counted_hand_by_hand"},
    "tests/games/test_poker_stud_simulation.py": ALL,
    "tests/games/test_punto_banco_simulation.py": {"test_each_bet_returns_its_exact_edge"},
    "tests/games/test_roulette_properties.py": ALL,
    "tests/games/test_trente_quarante_odds.py": {
        "test_the_counting_agrees_with_a_card_by_card_enumeration",
        "test_the_stored_six_deck_result_is_what_the_counting_gives",
    },
    "tests/games/test_trente_quarante_simulation.py": {
        "test_each_bet_returns_its_exact_edge",
        "test_every_bet_ended",
    },
    "tests/install/test_install.py": ALL,
    "tests/pit/test_collector.py": {
        "test_a_table_of_the_floor_never_heard_is_an_alert_until_it_is_heard",
        "test_a_table_whose_handshake_failed_while_it_was_down_is_heard_when_it_comes_back",
        "test_every_event_of_every_table_is_stored_in_order_on_both_stores",
    },
    "tests/pit/test_pit_curve.py": {
        "test_a_pit_key_added_to_the_allow_list_later_gets_the_live_feed",
        "test_a_table_whose_allow_list_lacks_the_pits_key_logs_it_and_gives_nothing",
        "test_an_impostor_table_is_refused_once_and_nothing_of_it_is_stored",
    },
    "tests/pit/test_pit_processes.py": {
        "test_a_collector_killed_and_restarted_stores_exactly_each_tables_journal",
        "test_journal_audit_finds_each_journal_as_stored_and_a_forgery_that_journal_verify_passes",
        "test_pit_follow_prints_every_event_of_both_tables_once",
    },
    "tests/pit/test_view.py": {
        "test_the_float_of_a_simulated_session_matches_the_tables_own_count"
    },
    "tests/screens/test_bench_screen.py": ALL,
    "tests/screens/test_blackjack_screen.py": {
        "test_a_blackjack_session_played_by_taps_leaves_a_journal_that_verifies",
        "test_the_session_plays_the_game_s_own_moments",
    },
    "tests/screens/test_coup_correction.py": {
        "test_a_punto_banco_coup_corrected_card_by_card_on_the_screen"
    },
    "tests/screens/test_craps_screen.py": {
        "test_a_craps_session_played_by_taps_leaves_a_journal_that_verifies"
    },
    "tests/screens/test_croupier_screen.py": {
        "test_a_session_plays_at_the_other_displays",
        "test_the_screens_command_renders_every_screen_of_a_session",
    },
    "tests/screens/test_croupier_session.py": ALL,
    "tests/screens/test_pads.py": {"test_every_pad_draws_at_1920x1080"},
    "tests/screens/test_monte_screen.py": {
        "test_a_session_played_by_taps_leaves_a_journal_that_verifies"
    },
    "tests/screens/test_poker_screen.py": {
        "test_a_session_played_by_taps_leaves_a_journal_that_verifies"
    },
    "tests/screens/test_punto_banco_screen.py": {
        "test_a_session_played_by_taps_leaves_a_journal_that_verifies"
    },
    "tests/screens/test_screen_fit.py": ALL,
    "tests/screens/test_technician_screen.py": {
        "test_the_cammegh_s_records_show_the_games_it_played_without_the_table"
    },
    "tests/screens/test_trente_quarante_screen.py": {
        "test_the_session_plays_on_the_other_displays"
    },
    "tests/terminal/test_bench_start.py": ALL,
    "tests/terminal/test_bench_window.py": {
        "test_the_window_benchmark_prints_the_memory_of_a_terminal_in_a_window"
    },
    "tests/terminal/test_cli.py": {
        "test_a_device_that_cannot_be_opened_exits_2_and_the_help_gives_every_code",
        "test_bad_configuration_gives_a_clear_error",
        "test_ctrl_c_closes_the_table_with_its_games_closing",
        "test_every_engine_has_rules_and_plays_at_the_table",
        "test_pit_follow_prints_every_event_of_a_table",
        "test_sigterm_during_a_spin_settles_its_ball_and_the_next_run_resumes_the_session",
        "test_sigterm_during_open_betting_voids_the_round_and_the_next_run_resumes_the_session",
    },
    "tests/terminal/test_config.py": {
        "test_run_refuses_a_broken_table_file_with_exit_78_before_opening_anything"
    },
    "tests/terminal/test_crash.py": ALL,
    "tests/terminal/test_hand_coup_restart.py": ALL,
    "tests/terminal/test_monte_table.py": {
        "test_a_hand_entered_table_killed_while_laying_out_goes_on_with_the_cards_entered",
        "test_a_hand_entered_table_killed_in_primeres_settles_the_phase_from_its_journaled_cards",
        "test_a_table_killed_in_segones_settles_primeres_open_bet_there_with_its_id",
    },
    "tests/terminal/test_feed_publish_replay.py": {
        "test_a_request_over_the_size_limit_is_dropped_and_the_server_goes_on"
    },
    "tests/terminal/test_guided_wheel.py": {
        "test_a_datum_k_pockets_off_is_found",
        "test_a_dead_pocket_is_skipped_and_reported",
        "test_a_wheel_in_another_order_is_found",
        "test_every_pocket_is_covered_and_the_rotor_seen_both_ways_on_each_backend",
    },
    "tests/terminal/test_journal_lock.py": {
        "test_a_second_terminal_on_a_journal_in_use_is_refused_and_the_first_goes_on"
    },
    "tests/terminal/test_properties.py": ALL,
    "tests/terminal/test_rules_table.py": {
        "test_every_example_table_pays_every_bet_exactly_at_its_smallest_stake"
    },
    "tests/terminal/test_sim_players.py": {
        "test_sim_still_replaces_the_devices_and_sim_players_does_not",
        "test_the_cammegh_wheel_with_simulated_players_from_the_command_line",
    },
    "tests/terminal/test_simulate.py": {
        "test_measured_returns_fall_within_the_tolerance_of_the_exact_edges",
        "test_the_command_prints_the_table_and_shows_progress",
    },
    "tests/terminal/test_staff.py": {"test_the_staff_command_line"},
    "tests/terminal/test_systemd_notify.py": {
        "test_a_configuration_error_keeps_the_service_up_on_its_screen",
        "test_a_device_not_there_at_boot_is_shown_until_it_comes_then_the_table_starts",
        "test_a_round_loop_stuck_in_its_own_code_stops_the_pings",
        "test_ready_then_pings_which_a_writer_stalled_on_a_locked_journal_stops",
        "test_the_terminal_with_its_screen_is_ready_and_pinged",
    },
    "tests/terminal/test_wheel_records.py": {
        "test_games_played_without_the_terminal_and_results_the_wheel_never_played"
    },
}


@pytest.hookimpl(tryfirst=True)  # before -m chooses by the marks
def pytest_collection_modifyitems(config, items):
    checked: set[str] = set()
    for item in items:
        path = item.path.relative_to(REPO).as_posix()
        if path not in SLOW:
            continue
        names = SLOW[path]
        if path not in checked and names is not ALL:
            checked.add(path)
            gone = sorted(name for name in names if not hasattr(item.module, name))
            if gone:
                raise pytest.UsageError(f"tests/conftest.py SLOW names what {path} lacks: {gone}")
        if names is ALL or getattr(item, "originalname", item.name) in names:
            item.add_marker(pytest.mark.slow)
