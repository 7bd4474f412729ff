#!/usr/bin/env bash
# Installs the dealer terminal on a Raspberry Pi (Raspberry Pi OS Lite 64-bit, or Debian 12 and
# later), as root: `sudo make install` from a clone. What it creates, and how to undo it
# (`sudo make uninstall`), is in docs/install.md. Running it again updates the installation in
# place and keeps what the operator has set (the table file, the udev rules' serials, the
# journal).
set -euo pipefail
umask 022

usage() {
    cat <<'EOF'
usage: sudo systemd/install.sh [--table GAME|FILE] [--pi | --no-pi] [--wheels DIR] [--no-apt]
       (from a clone: sudo make install ARGS='...')

  --table GAME|FILE  the example table that becomes /etc/dealer-terminal/table.toml when there
                     is none (default roulette_fr, i.e. config/tables/roulette_fr.toml); an
                     existing table.toml is never overwritten
  --pi, --no-pi      install the [pi] extra (rpi-lgpio, the Pi's GPIO) or not; by default only
                     on a Raspberry Pi (/proc/device-tree/model)
  --wheels DIR       install the Python packages from the wheels in DIR only, without the
                     network (a wheelhouse: docs/install.md, "Without the network")
  --no-apt           never apt-get install the Debian packages it needs: name the missing ones
                     and stop
EOF
}

SCRIPT=install
# shellcheck source=systemd/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# the unit's SupplementaryGroups: serial boards, GPIO, the display (video, render), touch
# (input), the spoken calls (audio); plain Debian has no gpio group, Raspberry Pi OS has them all
SERVICE_GROUPS=(dialout gpio video render input audio)
# python3-venv for the virtual environment; libgbm, libdrm, libEGL and libudev are what
# pygame-ce's SDL opens at run time to draw on the console display (kmsdrm)
DEBIAN_PACKAGES=(python3-venv libgbm1 libdrm2 libegl1 libudev1)
VENV=$PREFIX/.venv
RULES_DIR=/etc/udev/rules.d
RULES=99-dealer-terminal.rules
TABLE_UNIT=dealer-terminal.service
PIT_UNIT=dealer-terminal-pit.service
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)


table=roulette_fr
pi=auto
wheels=""
apt=yes
while [ $# -gt 0 ]; do
    case "$1" in
    --table)
        [ $# -ge 2 ] || die "--table needs a game id or a file"
        table=$2
        shift
        ;;
    --table=*) table=${1#--table=} ;;
    --pi) pi=yes ;;
    --no-pi) pi=no ;;
    --wheels)
        [ $# -ge 2 ] || die "--wheels needs a folder of wheels"
        wheels=$2
        shift
        ;;
    --wheels=*) wheels=${1#--wheels=} ;;
    --no-apt) apt=no ;;
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

# ---------------------------------------------------------------------------------------------
step "checks"
need_root
{ [ -f "$SRC/pyproject.toml" ] && [ -f "$SRC/systemd/$TABLE_UNIT" ]; } ||
    die "$SRC is not a dealer-terminal checkout (no pyproject.toml or systemd/$TABLE_UNIT)"
case "$table" in
*/* | *.toml) table_file=$table ;;
*) table_file=$SRC/config/tables/$table.toml ;;
esac
[ -f "$table_file" ] ||
    die "no example table '$table' ($table_file): give a game id of config/tables/ or a file"
if [ -n "$wheels" ]; then
    [ -d "$wheels" ] || die "--wheels $wheels: no such folder"
    wheels=$(cd "$wheels" && pwd -P)
fi
for tool in useradd groupadd usermod getent; do
    command -v "$tool" >/dev/null 2>&1 ||
        die "$tool is missing: install the passwd package (apt-get install passwd)"
done
# pyzmq has no wheel for 32-bit ARM: a 32-bit system (even on a 64-bit kernel) cannot have it
[ "$(getconf LONG_BIT)" = 64 ] ||
    die "this is a 32-bit system ($(uname -m), $(getconf LONG_BIT)-bit): install Raspberry Pi OS Lite (64-bit)"
say "installing from $SRC"

# ---------------------------------------------------------------------------------------------
step "Debian packages (${DEBIAN_PACKAGES[*]})"
if command -v dpkg-query >/dev/null 2>&1; then
    missing=()
    for package in "${DEBIAN_PACKAGES[@]}"; do
        status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$package" 2>/dev/null || true)
        [ "${status:0:2}" = ii ] || missing+=("$package")
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        say "all installed"
    elif [ "$apt" = no ] || ! command -v apt-get >/dev/null 2>&1; then
        die "missing Debian packages: ${missing[*]}: apt-get install ${missing[*]}, then run again"
    else
        say "installing ${missing[*]}"
        { apt-get update -q && DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -q --no-install-recommends "${missing[@]}"; } ||
            die "apt-get could not install ${missing[*]} (no network?): install them, then run again"
    fi
else
    say "not a Debian system (no dpkg-query): make sure Python's venv module and the libraries"
    say "libgbm, libdrm, libEGL and libudev are installed"
fi

PYTHON=$(command -v python3 || true)
[ -n "$PYTHON" ] || die "no python3: apt-get install python3 python3-venv"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
    die "$("$PYTHON" -V 2>&1) is too old: Python 3.11 or later is needed (Raspberry Pi OS bookworm or later)"
"$PYTHON" -c 'import ensurepip, venv' 2>/dev/null ||
    die "$PYTHON has no venv module: apt-get install python3-venv"
python_version=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')

# ---------------------------------------------------------------------------------------------
step "user $USER_NAME in ${SERVICE_GROUPS[*]}"
for group in "${SERVICE_GROUPS[@]}"; do
    if ! getent group "$group" >/dev/null; then
        groupadd --system "$group"
        say "created the system group $group"
    fi
done
if getent passwd "$USER_NAME" >/dev/null; then
    say "user $USER_NAME exists"
else
    nologin=/usr/sbin/nologin
    [ -x "$nologin" ] || nologin=/sbin/nologin
    [ -x "$nologin" ] || nologin=/bin/false
    useradd --system --user-group --home-dir "$STATE" --no-create-home --shell "$nologin" \
        --comment "Dealer terminal" "$USER_NAME"
    say "created the system user $USER_NAME (home $STATE, no login shell)"
fi
usermod --append --groups "$(
    IFS=,
    echo "${SERVICE_GROUPS[*]}"
)" "$USER_NAME"
say "groups: $(id -nG "$USER_NAME")"

# ---------------------------------------------------------------------------------------------
step "$STATE (the journal)"
if [ -d "$STATE" ]; then
    # a folder kept from an earlier installation, whose user may have had another uid
    if [ "$(stat -c %U "$STATE")" != "$USER_NAME" ]; then
        chown -R "$USER_NAME:$USER_NAME" "$STATE"
        say "handed to $USER_NAME"
    fi
    say "kept, with what it holds"
else
    install -d -m 0750 -o "$USER_NAME" -g "$USER_NAME" "$STATE"
    say "created"
fi

# ---------------------------------------------------------------------------------------------
step "$CONF (the table file)"
install -d -m 0750 -o root -g "$USER_NAME" "$CONF"
if [ -e "$CONF/table.toml" ]; then
    say "kept $CONF/table.toml"
else
    install -m 0640 -o root -g "$USER_NAME" "$table_file" "$CONF/table.toml"
    # its journal in the service's own folder (an example table's is relative to where it runs)
    sed -i "s|^db = .*|db = \"$STATE/journal.sqlite\"|" "$CONF/table.toml"
    say "$CONF/table.toml from $table_file: set the table's id, devices and endpoints there"
fi

# ---------------------------------------------------------------------------------------------
# before $PREFIX is replaced: its copy of the rules is what the last installation put in
# $RULES_DIR, which tells the operator's edits (the boards' serials) from an older shipped file
step "udev rules $RULES_DIR/$RULES"
shipped=$SRC/systemd/$RULES
installed=$RULES_DIR/$RULES
previous=$PREFIX/systemd/$RULES
install -d -m 0755 "$RULES_DIR"
rules_changed=no
if [ ! -e "$installed" ]; then
    install -m 0644 "$shipped" "$installed"
    rules_changed=yes
    say "installed: put your boards' serial numbers in it (docs/install.md)"
elif cmp -s "$installed" "$shipped"; then
    say "unchanged"
elif [ -f "$previous" ] && cmp -s "$installed" "$previous"; then
    install -m 0644 "$shipped" "$installed"
    rules_changed=yes
    say "updated"
else
    install -m 0644 "$shipped" "$installed.dist"
    say "kept yours (edited); the shipped version is $installed.dist:"
    say "compare them with: diff $installed $installed.dist"
fi
if [ "$rules_changed" = yes ]; then
    if udev_runs; then
        udevadm control --reload
        udevadm trigger --subsystem-match=tty --action=add
        say "udev reloaded"
    else
        say "udev is not running: the rules apply from its next start"
    fi
fi

# ---------------------------------------------------------------------------------------------
step "$PREFIX (a copy of the project)"
if [ "$SRC" = "$PREFIX" ]; then
    say "installing from $PREFIX itself: nothing to copy"
else
    install -d -m 0755 "$PREFIX"
    # everything but the virtual environment, which is updated in place below
    find "$PREFIX" -mindepth 1 -maxdepth 1 ! -name .venv -exec rm -rf {} +
    tar -C "$SRC" -cf - \
        --exclude=./.git --exclude=./.venv --exclude=./var --exclude=./build --exclude=./dist \
        --exclude='*.egg-info' --exclude=__pycache__ --exclude=.pytest_cache \
        --exclude=.mypy_cache --exclude=.ruff_cache --exclude=.hypothesis \
        --exclude='*.sqlite' --exclude='*.sqlite-*' --exclude='*.sqlite.lock' . |
        tar -C "$PREFIX" -xf - --no-same-owner --no-same-permissions
    # root's, readable by the service user whatever the checkout's owner and umask were
    find "$PREFIX" -path "$VENV" -prune -o -exec chmod u+w,go-w,a+rX {} +
    say "copied from $SRC"
fi

# ---------------------------------------------------------------------------------------------
if [ "$pi" = auto ]; then
    pi=no
    if [ -r /proc/device-tree/model ] &&
        tr -d '\0' </proc/device-tree/model | grep -q '^Raspberry Pi'; then
        pi=yes
    fi
fi
extra=""
[ "$pi" = yes ] && extra="[pi]"
step "$VENV (the project${extra:+ with its $extra extra})"
if [ -x "$VENV/bin/python" ] &&
    [ "$("$VENV/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)" = \
        "$python_version" ]; then
    say "updating it in place"
else
    [ -e "$VENV" ] && say "made with another Python than $python_version: made anew"
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    say "created with $("$PYTHON" -V 2>&1)"
fi
pip=("$VENV/bin/python" -m pip --disable-pip-version-check --no-input)
pip_install=(install --quiet --root-user-action=ignore)
if [ -n "$wheels" ]; then
    pip_install+=(--no-index --find-links "$wheels")
    say "from the wheels in $wheels only"
fi
# a folder is built and reinstalled every time (not a wheel of the same version, which pip
# would skip); the dependencies already satisfied are kept
(cd / && "${pip[@]}" "${pip_install[@]}" "$PREFIX$extra")
rm -rf "$PREFIX/build" "$PREFIX"/*.egg-info # what the build left beside the copy
say "installed $("${pip[@]}" show "$NAME" 2>/dev/null | sed -n 's/^Version: //p')"

# the installed code reads config/ (the rulebooks, the example tables) beside its venv:
# $PREFIX/config (terminal/common/settings.py config_dir)
(cd / && "$VENV/bin/$NAME" --help >/dev/null) || die "$VENV/bin/$NAME does not run"

# ---------------------------------------------------------------------------------------------
step "systemd units in $UNITS"
install -d -m 0755 "$UNITS"
for unit in "$TABLE_UNIT" "$PIT_UNIT"; do
    if cmp -s "$SRC/systemd/$unit" "$UNITS/$unit"; then
        say "$unit unchanged"
    else
        install -m 0644 "$SRC/systemd/$unit" "$UNITS/$unit"
        say "$unit installed"
    fi
done
if systemd_runs; then
    systemctl daemon-reload
    say "systemd reloaded"
fi
systemctl enable "$TABLE_UNIT"
say "$TABLE_UNIT enabled: it starts at boot"
say "$PIT_UNIT installed, not enabled: the pit collector runs on the pit server"

# ---------------------------------------------------------------------------------------------
step "$CONF/table.toml, read as $USER_NAME"
# loading a table file checks every section, key and device URL, and opens nothing
# (`rules` prints the table's bets from it); the self-test would journal and publish
if ! command -v runuser >/dev/null 2>&1; then
    say "no runuser: not checked"
elif report=$(cd / && runuser -u "$USER_NAME" -- env HOME="$STATE" \
    "$VENV/bin/$NAME" rules --config "$CONF/table.toml" 2>&1); then
    say "it loads"
else
    printf '%s\n' "$report" | tail -n 5 | sed 's/^/      /'
    say "WARNING: fix $CONF/table.toml (above) before starting the service; check it with:"
    say "sudo -u $USER_NAME $VENV/bin/$NAME rules --config $CONF/table.toml"
fi

# ---------------------------------------------------------------------------------------------
step "done"
if systemd_runs && systemctl is-active --quiet "$TABLE_UNIT"; then
    say "$TABLE_UNIT is running the code it started with: restart it between sessions"
    say "(sudo systemctl restart $NAME; a round in progress would be void)"
else
    say "next: edit $CONF/table.toml, then: sudo systemctl start $NAME (or reboot)"
fi
say "docs/install.md: the table file, the staff file, the boards' serials, uninstalling"
