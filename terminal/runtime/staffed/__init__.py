"""The staffed session: people who sign, count, pay, correct and visit the devices."""
