#!/usr/bin/env bash
# Undoes systemd/install.sh, as root: `sudo make uninstall` from a clone. The journal folder
# /var/lib/dealer-terminal is always kept (the journal is a legal record); the configuration
# /etc/dealer-terminal and the user dealer are kept unless --purge. docs/install.md says more.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: sudo systemd/uninstall.sh [--purge]
       (from a clone: sudo make uninstall, or sudo make uninstall ARGS=--purge)

  Stops and disables the services; removes their units, the udev rules and /opt/dealer-terminal
  (the code and its virtual environment). Keeps /var/lib/dealer-terminal (the journal, a legal
  record, and the staff file), /etc/dealer-terminal (the table file, keys) and the user dealer.

  --purge  also removes /etc/dealer-terminal, the units' drop-in folders (systemctl edit) and
           the user dealer; /var/lib/dealer-terminal is still kept, handed to root
EOF
}

SCRIPT=uninstall
# shellcheck source=systemd/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
RULES=/etc/udev/rules.d/99-dealer-terminal.rules
SERVICES=(dealer-terminal.service dealer-terminal-pit.service)


purge=no
while [ $# -gt 0 ]; do
    case "$1" in
    --purge) purge=yes ;;
    -h | --help)
        usage
        exit 0
        ;;
    *)
        usage >&2
        die "unknown option '$1'"
        ;;
    esac
    shift
done
need_root

# ---------------------------------------------------------------------------------------------
step "services"
for unit in "${SERVICES[@]}"; do
    if [ ! -e "$UNITS/$unit" ]; then
        say "$unit: not installed"
        continue
    fi
    if systemd_runs; then
        systemctl stop "$unit" || true
    fi
    systemctl disable --quiet "$unit"
    rm -f "$UNITS/$unit"
    say "$unit stopped, disabled and removed"
done
if systemd_runs; then
    systemctl daemon-reload
    systemctl reset-failed "${SERVICES[@]}" 2>/dev/null || true
fi

# ---------------------------------------------------------------------------------------------
step "udev rules"
if [ -e "$RULES" ] || [ -e "$RULES.dist" ]; then
    rm -f "$RULES" "$RULES.dist"
    say "removed $RULES"
    if udev_runs; then
        udevadm control --reload
    fi
else
    say "not installed"
fi

# ---------------------------------------------------------------------------------------------
step "$PREFIX (the code and its virtual environment)"
if [ -e "$PREFIX" ]; then
    rm -rf "$PREFIX"
    say "removed"
else
    say "not installed"
fi

# ---------------------------------------------------------------------------------------------
if [ "$purge" = yes ]; then
    step "purge: $CONF, the units' drop-ins, the user $USER_NAME"
    rm -rf "$CONF"
    for unit in "${SERVICES[@]}"; do
        rm -rf "$UNITS/$unit.d"
    done
    say "removed $CONF"
    if getent passwd "$USER_NAME" >/dev/null; then
        userdel "$USER_NAME"
        say "removed the user $USER_NAME"
    fi
    # the groups the installation may have created (gpio on plain Debian) stay: others may use
    # them. The journal stays too, but no longer to a uid that a new user could be given.
    if [ -d "$STATE" ]; then
        chown -R root:root "$STATE"
        chmod 0700 "$STATE"
    fi
fi

# ---------------------------------------------------------------------------------------------
step "kept"
if [ -d "$STATE" ]; then
    say "$STATE: the journal (a legal record) and the staff file; archive it, then remove it"
    say "with: sudo rm -rf $STATE"
fi
if [ -d "$CONF" ]; then
    say "$CONF: the table file and keys; remove it with: sudo make uninstall ARGS=--purge"
    say "(or sudo rm -rf $CONF)"
fi
for unit in "${SERVICES[@]}"; do
    if [ -d "$UNITS/$unit.d" ]; then
        say "$UNITS/$unit.d: your drop-ins (systemctl edit); --purge removes them"
    fi
done
if getent passwd "$USER_NAME" >/dev/null; then
    say "the user $USER_NAME, who owns $STATE: --purge removes it (sudo userdel $USER_NAME)"
fi
