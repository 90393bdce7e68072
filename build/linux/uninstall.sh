#!/bin/sh
# Mecha Corta: take the game out of this user's application menu, undoing install.sh. It
# removes only what install.sh put under ~/.local/share (or $XDG_DATA_HOME when that is set):
# the game's folder, its menu entry and its icons. Your settings and saved games stay where
# the game keeps them. Run it from anywhere:
#
#     ~/.local/share/mecha-corta/uninstall.sh      (or ./uninstall.sh from the download)
set -eu

app_id=mecha-corta
data=${XDG_DATA_HOME:-}
case $data in
    /*) ;;
    *) data=$HOME/.local/share ;;
esac
home=$data/$app_id

removed=0
remove() {
    if [ -e "$1" ] || [ -L "$1" ]; then
        rm -f "$1"
        removed=$((removed + 1))
    fi
}

remove "$data/applications/$app_id.desktop"
for icon in "$data"/icons/hicolor/*/apps/"$app_id.png"; do
    remove "$icon"
done
if [ -d "$data/icons/hicolor" ]; then touch "$data/icons/hicolor"; fi

# The game's folder: the files install.sh copies, then the folder if nothing else is left.
for file in "$app_id" ".$app_id.new" README.md LICENSE uninstall.sh; do
    remove "$home/$file"
done
if [ -d "$home/licenses" ]; then
    rm -rf "$home/licenses"
    removed=$((removed + 1))
fi
if [ -d "$home" ]; then rmdir "$home" 2>/dev/null || echo "uninstall.sh: kept $home (it holds other files)"; fi

if [ "$removed" -eq 0 ]; then
    echo "Mecha Corta was not installed under $data: nothing to remove."
else
    echo "Mecha Corta is uninstalled from $data ($removed files and folders removed)."
fi
