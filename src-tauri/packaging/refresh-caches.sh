#!/bin/sh
# After installing or removing the RPM: the file type, the menu entry and the font
# become known at once. (Debian's triggers do this for the .deb by themselves.)
command -v update-mime-database >/dev/null 2>&1 && update-mime-database /usr/share/mime >/dev/null 2>&1
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q /usr/share/applications >/dev/null 2>&1
command -v fc-cache >/dev/null 2>&1 && fc-cache -f /usr/share/fonts >/dev/null 2>&1
exit 0
