#!/bin/sh
# Mecha Corta: put the game in this user's application menu, with its name and icon. No root
# needed, nothing outside your home folder is touched. Run it from the unpacked download:
#
#     ./install.sh        (or: sh install.sh)
#
# It copies, under ~/.local/share (or $XDG_DATA_HOME when that is set):
#   mecha-corta/                       the game, its README and licences, and uninstall.sh
#   applications/mecha-corta.desktop   the menu entry (Exec= names the copy above)
#   icons/hicolor/<n>x<n>/apps/mecha-corta.png   the icon in the sizes desktops ask for
# Running it again replaces them (a newer download over an older one). To undo it all:
#     ~/.local/share/mecha-corta/uninstall.sh
set -eu

app_id=mecha-corta
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-}
case $data in
    /*) ;;                                  # the XDG spec: only an absolute path counts
    *) data=$HOME/.local/share ;;
esac
home=$data/$app_id

fail() {
    echo "install.sh: $*" >&2
    exit 1
}

[ -f "$here/$app_id" ] || fail "$here/$app_id is missing: run install.sh from the unpacked download"
[ -f "$here/$app_id.desktop" ] || fail "$here/$app_id.desktop is missing"
case $home in  # an Exec= line cannot hold a line break, and GLib's menus misread a %
    *'
'* | *%*) fail "cannot install under $home (a line break or a % in its name); set XDG_DATA_HOME to another folder" ;;
esac

# The game and what travels with it. The executable is copied beside its final name and then
# renamed over it, so a game that is running while a newer one is installed keeps running.
mkdir -p "$home"
cp "$here/$app_id" "$home/.$app_id.new"
chmod 755 "$home/.$app_id.new"
mv -f "$home/.$app_id.new" "$home/$app_id"
cp "$here/uninstall.sh" "$home/uninstall.sh"
chmod 755 "$home/uninstall.sh"
for extra in README.md LICENSE; do
    if [ -f "$here/$extra" ]; then cp "$here/$extra" "$home/$extra"; fi
done
if [ -d "$here/licenses" ]; then
    rm -rf "$home/licenses"
    cp -R "$here/licenses" "$home/licenses"
fi

# The menu entry: the download's .desktop file with Exec= naming the installed game. Inside
# Exec's double quotes ", `, $ and \ take a backslash, and the file format doubles every
# backslash (the Desktop Entry specification, "The Exec key").
quoted=$(printf '%s\n' "$home/$app_id" | sed -e 's/\\/\\\\\\\\/g' -e 's/["`$]/\\\\&/g')
mkdir -p "$data/applications"
entry=$data/applications/$app_id.desktop
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
        Exec=*) printf 'Exec="%s"\n' "$quoted" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$here/$app_id.desktop" > "$entry.new"
mv -f "$entry.new" "$entry"

# The icons, size by size, into the user's part of the hicolor theme.
count=0
for icon in "$here"/icons/hicolor/*/apps/"$app_id.png"; do
    [ -f "$icon" ] || continue
    inside=${icon#"$here/icons/"}
    mkdir -p "$data/icons/$(dirname "$inside")"
    cp "$icon" "$data/icons/$inside"
    count=$((count + 1))
done
[ "$count" -gt 0 ] || fail "no icons in $here/icons/hicolor"
touch "$data/icons/hicolor"  # a newer folder tells icon caches to look again

echo "Mecha Corta is installed for $(id -un 2>/dev/null || echo you):"
echo "  the game:       $home/$app_id"
echo "  the menu entry: $entry"
echo "  the icon:       $data/icons/hicolor/ ($count sizes)"
echo "It is in the application menu under Games (some desktops show it after logging in again)."
echo "To remove it: $home/uninstall.sh"
