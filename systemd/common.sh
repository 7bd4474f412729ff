# What systemd/install.sh and systemd/uninstall.sh share: where things go, how they speak.
# Sourced, never run. `SCRIPT` names the script in its messages (install, uninstall).
# shellcheck shell=bash disable=SC2034  # the settings are the scripts'

NAME=dealer-terminal
USER_NAME=dealer
PREFIX=/opt/$NAME
CONF=/etc/$NAME
STATE=/var/lib/$NAME
UNITS=/etc/systemd/system

step() { printf '==> %s\n' "$*"; }
say() { printf '    %s\n' "$*"; }
die() {
    printf '%s: %s\n' "$SCRIPT" "$*" >&2
    exit 1
}
systemd_runs() { [ -d /run/systemd/system ]; }
udev_runs() { [ -S /run/udev/control ]; }
need_root() { [ "$(id -u)" -eq 0 ] || die "run as root: sudo make $SCRIPT (or sudo $0)"; }
