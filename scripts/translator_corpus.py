#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""The English-French corpus of Attention Lab's built-in translator: the
French message catalogues of a named list of Debian 12 packages.

Each package of PACKAGES (pinned to its version, so that the corpus is the
same on every run) is fetched with `apt-get download` into a cache folder and
unpacked with `dpkg-deb -x`; its catalogues
(usr/share/locale/fr/LC_MESSAGES/*.mo) are read with Python's gettext module,
and its licence is read from its copyright file (usr/share/doc/PKG/copyright,
the first License: line, as Debian's machine-readable format writes it).

The rules, in the order they are applied to each msgid and its msgstr:

1. Plural forms (an entry with msgid_plural) are dropped; so are the
   catalogue's header (the empty msgid), entries with no translation, and
   catalogues gettext cannot read.
2. A context (msgctxt, "context\\x04msgid") is dropped from the msgid.
3. Accelerators are removed: GTK's underscore before a character ("_Open"),
   Qt's and KDE's ampersand ("&Open"; "&&" stands for "&" and is kept as
   one); an accelerator in brackets after a French string ("Ouvrir (_O)")
   goes whole.
4. Pairs with a format directive on either side are dropped: printf's (%s,
   %d, %1$s, %-5d, %.2f, %%-free percents followed by a conversion), Qt's and
   KDE's (%1), Python's and C#'s ({0}, {name}), shell's ($1, ${NAME}).
5. Pairs with markup, an escape, a line break or a tab, a URL, a path, an
   e-mail address, or a character outside printable Latin text (letters of
   Latin-1 and Latin Extended-A, œ and the typographic quotes and dashes
   included) are dropped.
6. Spaces are collapsed, and the ends stripped; a trailing colon, "..." and
   "…" are kept as they are.
7. Pairs whose English has more than 12 words, or whose French has more than
   16, are dropped; so are those where the French is the English (left
   untranslated) and those with no letter.
8. An English string translated several ways keeps its most frequent
   translation over the catalogues (ties: the first in code-point order).

Used by scripts/train_translator.py; run alone it prints the counts:

    /usr/bin/python3 scripts/translator_corpus.py --cache /tmp/translator-debs
"""

import argparse
import collections
import gettext
import os
import re
import subprocess
import sys

# The packages and their versions in Debian 12 (bookworm and its updates):
# those with a French catalogue (Contents-amd64 and Contents-all of
# bookworm/main) under 3 MB, of the sections gnome, xfce, x11, graphics,
# sound, video and editors, then utils, in that order and by name, until the
# distinct English strings passed 80,000 (528 packages; 12 whose catalogues
# Python's gettext cannot read were left out). Versions as the archive had
# them on 2026-12-06.
PACKAGES = [
    "accerciser=3.40.0-2", "alarm-clock-applet=0.4.1-3", "almanah=0.12.3-2+b1",
    "apostrophe=2.6.3-4", "ayatana-indicator-messages=22.9.0-1+b1",
    "ayatana-indicator-power=22.9.5-1", "ayatana-indicator-session=22.9.1-1", "balsa-data=2.6.4-2",
    "baobab=43.0-1", "bijiben=40.1-6", "brasero-common=3.12.3-2", "burner-common=3.0.10-1.2",
    "caribou=0.4.21-8", "cheese-common=43.0-1", "cups-pk-helper=0.2.6-1+b1", "devilspie=0.23-2+b1",
    "devilspie2=0.43-5", "eiciel=0.10.0-1", "endeavour-common=43.0-1", "eog=43.2-1",
    "eog-plugins-common=42.3-1", "epiphany-browser-data=43.1-1", "etherape-data=0.9.20-2",
    "evince-common=43.1-2+deb12u1", "evolution-data-server-common=3.46.4-2",
    "evolution-ews=3.46.4-1", "file-roller=43.0-1", "foliate=2.6.4-1+dfsg3", "gcolor3=2.4.0-2",
    "gcr=3.41.1-1+b1", "gdm3=43.0-3", "gedit-common=44.2-1", "gedit-latex-plugin=3.20.0-2",
    "gedit-plugins-common=44.1-2", "genius-common=1.0.27-1", "ghex=43.1-1", "glabels-data=3.4.1-4",
    "glom=1.30.4-7+b3", "gnome-activity-journal=1.0.0-3", "gnome-bluetooth-3-common=42.5-3",
    "gnome-bluetooth-common=3.34.5-10", "gnome-boxes=43.2-1", "gnome-calendar=43.1-2",
    "gnome-characters=43.1-1+deb12u1", "gnome-clocks=43.0-1", "gnome-color-manager=3.36.0-1+b1",
    "gnome-commander-data=1.16.0-1", "gnome-connections=43.0-1", "gnome-console=43.0-2",
    "gnome-contacts=43.1-1", "gnome-desktop3-data=43.2-2", "gnome-dictionary=40.0-3",
    "gnome-feeds=0.16.2+dfsg1-3", "gnome-font-viewer=43.0-1", "gnome-initial-setup=43.2-6",
    "gnome-keyring=42.1-1+b2", "gnome-logs=43.0-1", "gnome-maps=43.5-2~deb12u1",
    "gnome-menus=3.36.0-1.1", "gnome-music=42.1-1", "gnome-nettool=42.0-1",
    "gnome-network-displays=0.90.5-3", "gnome-packagekit-common=43.0-1",
    "gnome-panel-data=3.46.0-1", "gnome-photos=43.0-2", "gnome-pie=0.7.3-1",
    "gnome-power-manager=43.0-1", "gnome-remote-desktop=43.3-1", "gnome-screensaver=3.6.1-13+b2",
    "gnome-screenshot=41.0-2", "gnome-session-common=43.0-1+deb12u1",
    "gnome-settings-daemon-common=43.0-4", "gnome-shell-common=43.9-0+deb12u2",
    "gnome-shell-extension-appindicator=46-1", "gnome-shell-extension-autohidetopbar=1:111-1",
    "gnome-shell-extension-dashtodock=75-1",
    "gnome-shell-extension-desktop-icons-ng=46+really47.0.2-2",
    "gnome-shell-extension-espresso=7-2", "gnome-shell-extension-gamemode=8-2",
    "gnome-shell-extension-gsconnect=54-2",
    "gnome-shell-extension-kimpanel=0.0~git20220902.c11f1a6-1",
    "gnome-shell-extension-manager=0.4.0-1", "gnome-shell-extension-weather=119-1",
    "gnome-shell-extensions=43.1-1", "gnome-shell-extensions-extra=20230205-2",
    "gnome-software-common=43.5-1~deb12u2", "gnome-sound-recorder=43~beta-1", "gnome-split=1.2-4",
    "gnome-subtitles=1.8-1", "gnome-sushi=43.0-2", "gnome-system-log=3.9.90-8",
    "gnome-system-monitor=42.0-2", "gnome-terminal-data=3.46.8-1", "gnome-text-editor=43.2-1",
    "gnome-tweaks=42~beta-4", "gnome-usage=3.38.1-3", "gnome-user-share=43.0-1",
    "gnome-video-arcade=0.8.8-5+b1", "gnome-weather=43.0-1", "gnomint=1.3.0-4+b1",
    "goobox=3.6.0-11", "gparted-common=1.3.1-1", "gsettings-desktop-schemas=43.0-1", "gtg=0.6-2",
    "gthumb-data=3:3.12.2-3", "gtk2-engines=1:2.20.2-5+b1", "gtranslator=42.0-1",
    "gucharmap=1:15.0.2-1", "gwaei=3.6.2-9+b1", "hamster-time-tracker=3.0.2-4",
    "homebank-data=5.6.2-1", "indicator-sensors=1.3-1", "libgdl-3-common=3.40.0-1",
    "liferea-data=1.14.4-3", "lightdm-settings=1.6.1-1", "lollypop=1.4.37-1",
    "lomiri-url-dispatcher=0.1.2-1", "meld=3.22.0-2", "mousetweaks=3.32.0-4",
    "nautilus-admin=1.1.9-3.3", "nautilus-data=43.2-1", "nautilus-hide=0.2.3-8.1",
    "nautilus-share=0.7.5-0.3", "network-manager-gnome=1.30.0-2", "onboard-common=1.4.1-5",
    "openpaperwork-core=2.1.1-1", "openpaperwork-gtk=2.1.1-1", "orca=43.1-1",
    "oregano=0.84.41+dfsg.1-1.1", "package-update-indicator=8-2", "paperwork-backend=2.1.1-1",
    "pitivi=2022.06-1+b1", "planner-data=0.14.91-2", "polari=43.0-1", "policykit-1-gnome=0.105-8",
    "remmina-common=1.4.29+dfsg-1", "revelation=0.5.5-1", "rhythmbox-data=3.4.6-2",
    "seahorse=43.0-1", "seahorse-daemon=3.12.2-7",
    "seahorse-nautilus=3.11.92+git20230129.d59dc92f-1", "secrets=7.2-1",
    "sensors-applet=3.0.0+git6-0.5+b1", "shotwell-common=0.30.17-1", "simple-scan=42.5-2",
    "solfege=3.23.4-11", "sound-juicer=3.38.0-2.1", "soundconverter=4.0.3-2",
    "subtitleeditor=0.54.0-6", "system-config-printer-common=1.5.18-1", "teg=0.12.0-2",
    "telegnome=0.3.6-4", "tilix-common=1.9.5-2", "vinagre=3.22.0-8.1", "vino=3.22.0-6",
    "wike=1.8.2-1", "xdg-desktop-portal-gnome=43.1-2", "xdg-desktop-portal-gtk=1.14.1-1",
    "yelp=42.2-1+deb12u2", "zenity-common=3.44.0-1", "gigolo=0.5.2-1",
    "libxfce4ui-common=4.18.2-2", "libxfce4util-common=4.18.1-2", "orage-data=4.16.0-2",
    "parole=4.16.0-3", "thunar-archive-plugin=0.5.0-1", "thunar-data=4.18.4-1",
    "thunar-media-tags-plugin=0.3.0-2+b1", "thunar-vcs-plugin=0.2.0-2", "thunar-volman=4.18.0-1",
    "tumbler-common=4.18.0-1", "xfburn=0.6.2-1+b1", "xfce4-appfinder=4.18.0-1",
    "xfce4-battery-plugin=1.1.4-1", "xfce4-clipman=2:1.6.2-1", "xfce4-cpufreq-plugin=1.2.8-1",
    "xfce4-cpugraph-plugin=1.2.7-1", "xfce4-datetime-plugin=0.8.2-1", "xfce4-dict=0.8.4-1+b1",
    "xfce4-diskperf-plugin=2.7.0-1", "xfce4-eyes-plugin=4.6.0-1", "xfce4-fsguard-plugin=1.1.2-1",
    "xfce4-genmon-plugin=4.1.1-1", "xfce4-indicator-plugin=2.4.1-1",
    "xfce4-mailwatch-plugin=1.3.0-1+b1", "xfce4-mount-plugin=1.1.5-1", "xfce4-mpc-plugin=0.5.2-2",
    "xfce4-netload-plugin=1.4.0-1", "xfce4-notifyd=0.7.3-1", "xfce4-panel=4.18.2-1",
    "xfce4-panel-profiles=1.0.13-1.1", "xfce4-places-plugin=1.8.3-1",
    "xfce4-power-manager-data=4.18.1-1", "xfce4-pulseaudio-plugin=0.4.5-1",
    "xfce4-screenshooter=1.10.3-1", "xfce4-sensors-plugin=1.4.4-1", "xfce4-session=4.18.1-1",
    "xfce4-settings=4.18.2-1", "xfce4-smartbookmark-plugin=0.5.2-1",
    "xfce4-sntray-plugin-common=0.4.13.1-2", "xfce4-systemload-plugin=1.3.2-2",
    "xfce4-taskmanager=1.5.5-1", "xfce4-terminal=1.0.4-1", "xfce4-timer-plugin=1.7.1-1",
    "xfce4-verve-plugin=2.0.1-1", "xfce4-wavelan-plugin=0.6.3-1",
    "xfce4-weather-plugin=0.11.3-1~deb12u1", "xfce4-whiskermenu-plugin=2.7.2-1",
    "xfce4-windowck-plugin=0.5.1-1+b1", "xfce4-xkb-plugin=1:0.8.3-1", "xfconf=4.18.0-2",
    "xfdesktop4-data=4.18.1-1", "xfwm4=4.18.0-1", "4pane=8.0-1+b2", "akira=0.0.16-2",
    "arandr=0.1.11-1", "arctica-greeter=0.99.3.0-1+deb12u2", "atril-common=1.26.0-2+deb12u4",
    "ayatana-indicator-printers=22.9.0-1", "blueman=2.3.5-2+b1", "boinc-manager=7.20.5+dfsg-1.1",
    "budgie-core=10.7.1-1", "cairo-dock-core=3.4.1+git20201103.0836f5d1-1",
    "cairo-dock-plug-in-data=3.4.1+git20201022.a0d3415c-1", "caja-admin=0.0.5-1",
    "caja-extensions-common=1.26.1-1.2", "caja-seahorse=1.18.5-2", "cbatticon=1.6.9-1+b2",
    "cinnamon-desktop-data=5.6.1-1", "compiz-core=2:0.8.18-5", "compiz-plugins-extra=2:0.8.18-3",
    "compiz-plugins-main=2:0.8.18-5", "compizconfig-settings-manager=2:0.8.18-3", "cpu-x=4.5.2-2",
    "desktopfolder=1.1.3-2", "dialect=2.1.1+~2.1.1-1", "emerald=0.8.18-4",
    "engrampa-common=1.26.0-1+deb12u2", "ephoto=1.6.0-1", "gammastep=2.0.9-1", "gentoo=0.20.7-2",
    "gpodder=3.11.1-1", "grdesktop=0.23+d040330-7+b1", "grsync=1.3.0-1+b1",
    "grun=0.9.3+git20200303-3", "gtklp=1.3.4-3+b1", "guake=3.9.0-2", "icewm-common=3.3.1-1",
    "im-config=0.55-2", "jwm=2.4.3-1", "kdepim-runtime=4:22.12.3-1", "klavaro=3.11-1+b1",
    "light-locker=1.8.0-3", "lightdm=1.26.0-8", "lightdm-gtk-greeter=2.0.8-2+b1", "lingot=1.1.1-5",
    "lxappearance=0.6.3-1+b2", "lxappearance-obconf=0.2.3-1+b2", "lxdm=0.5.3-4",
    "lxhotkey-data=0.1.1-1", "lxinput=0.3.5-1+b2", "lxlauncher=0.2.5-1.1", "lxpanel-data=0.10.1-2",
    "lxrandr=0.3.2-1.1", "lxsession-data=0.5.5-2", "lxtask=0.1.10-1", "lxterminal=0.4.0-2",
    "marco-common=1.26.1-3+deb12u2", "mate-control-center-common=1.26.0-2+deb12u1",
    "mate-desktop-common=1.26.0-2", "mate-indicator-applet-common=1.26.0-1",
    "mate-media-common=1.26.0-2", "mate-menu=22.04.2-1", "mate-netbook-common=1.26.0-1",
    "mate-notification-daemon-common=1.26.0-1+deb12u1", "mate-panel-common=1.27.0-1",
    "mate-polkit-common=1.26.1-3", "mate-sensors-applet-common=1.26.0-1",
    "mate-session-manager=1.26.0-1+deb12u1", "mate-settings-daemon-common=1.26.0-1+deb12u1",
    "mate-system-monitor-common=1.26.0-1", "mate-terminal-common=1.26.0-2",
    "mate-user-share-common=1.26.0-1", "minder=1.14.0-1", "morph-browser=1.0.2+dfsg-1",
    "notification-daemon=3.20.0-4+b1", "obconf=1:2.0.4+git20150213-2+b1",
    "obsession=20140608-2+b2", "osmo=0.4.4-2", "phog=0.1.3-2", "phosh=0.24.0-1", "pinot=1.21-1+b1",
    "pluma-common=1.26.0-1+deb12u1", "pluma-plugins-common=1.27.0-3", "redshift=1.12-4.2",
    "ristretto=0.12.4-1", "rox-filer=1:2.11-7", "sakura=3.8.6-1", "sawfish-data=1:1.11.90-1.2",
    "simple-ccsm=2:0.8.18-3", "slick-greeter=1.6.1-1", "sugar-browse-activity=207-2",
    "sugar-calculate-activity=47-1", "sugar-chat-activity=86-3", "sugar-imageviewer-activity=65-2",
    "sugar-jukebox-activity=36-2", "sugar-log-activity=42-2", "sugar-memorize-activity=58-3",
    "sugar-pippy-activity=75-2", "sugar-read-activity=123-2", "sugar-session=0.120-1",
    "sugar-terminal-activity=47-2", "sugar-write-activity=101-2", "terminology-data=1.13.0-1",
    "termit=3.1-3", "tigervnc-viewer=1.12.0+dfsg-8", "tilda=1.5.4-1", "tint2=17.0.1-1",
    "tomboy-ng=0.36a-2", "ukui-media-common=3.0.4-1", "usermode=1.114-3+b1",
    "vala-panel-appmenu-common=0.7.6+dfsg1-4", "vala-panel-common=0.5.0-2", "wavbreaker=0.16-2",
    "wdm=1.28-26+b1", "wmaker-common=0.95.9-3", "wmcoincoin=2.6.5.git+23.411d4a3-2",
    "x-tile=3.3-3", "xapps-common=2.4.2-3", "xarchiver=1:0.5.4.20-2", "xchm=2:1.35-1",
    "xkb-data=2.35.1-1", "xournal=1:0.4.8.2016-7+b1", "xournalpp=1.1.3-1", "xpad=5.8.0-1",
    "zim=0.75.1-1", "byzanz=0.3.0+git20160312-5+b1", "colord-data=1.4.6-2.2",
    "eom-common=1.26.0-2", "exif=0.6.22-3", "font-manager-common=0.8.8-2", "frogr-data=1.7-1",
    "gdmap=0.8.1-5+b1", "geeqie-common=1:2.0.1-8", "gimagereader-common=3.4.1-1",
    "gimp-plugin-registry=9.20200928+b1", "gliv=1.9.7-2+b3", "gnome-paint=0.4.0-8+b1",
    "gpicview=0.2.5-3+b2", "gtkam=1.0-3+b1", "guvcview=2.0.8-2", "jpegpixi=1.1.1-5",
    "kamera=4:22.12.3-1", "karbon=1:3.2.1+dfsg-6+b3", "kcolorchooser=4:22.12.3-1",
    "kde-spectacle=22.12.3-1", "kgamma5=5.27.5-2", "kontrast=22.12.3-1", "kruler=4:22.12.3-1",
    "ktikz=0.13.2+ds1-1+b1", "mirage=0.11.1-1+b6", "mtpaint=3.40-3.1+b2", "mypaint-data=2.0.1-9",
    "ocrfeeder=0.8.5-1", "okular-backend-odp=1:3.2.1+dfsg-6+b3",
    "okular-backend-odt=1:3.2.1+dfsg-6+b3", "pdfarranger=1.9.2-1", "peek=1.5.1+git20230114-1",
    "photocollage=1.4.5-0.1", "rgbpaint=0.8.7-6.1+b1", "shutter=0.99.2-4", "skanlite=22.12.3-1",
    "svgpart=4:22.12.3-1", "tuxpaint-config=0.17rc1-1", "variety=0.8.10-1", "viewnior=1.6-1+b3",
    "xsane-common=0.999-12.1~deb12u1", "alsa-utils=1.2.8-1", "amsynth=1.13.2-1",
    "ario-common=1.6-1.2", "asunder=2.9.7-2", "audacious=4.2-1", "audacious-plugins-data=4.2-1",
    "audacity-data=3.2.4+dfsg-1", "aumix=2.9.1-7", "aumix-gtk=2.9.1-7", "butt=0.1.37-2",
    "buzztrax=0.10.2-7.1+b2", "csound-data=1:6.18.1+dfsg-1", "daisy-player=13.0-4",
    "easytag=2.4.3-5+b1", "ebook-speaker=6.2.0-4+deb12u1", "elektroid=2.4.1-1", "exfalso=4.5.0-2",
    "gjacktransport=0.6.4-1", "gmpc-plugins=11.8.16-6", "gmtp=1.3.11-3.1+b1", "gnomad2=2.9.6-8",
    "goodvibes=0.7.6-1", "gsequencer-data=4.4.3-1", "gtick=0.5.5-3", "gtkpod-data=2.1.5-10",
    "jack-mixer=17-2+b2", "jamin=0.98.9~git20170111~199091~repack1-2", "juk=4:22.12.3-1",
    "kmix=4:22.12.3-1", "mhwaveedit=1.4.24-1", "mpdris2=0.9.1-2", "music123=16.6-6",
    "ncmpc=0.47-2", "normalize-audio=0.7.7-17", "nted=1.10.18-13+b1", "paprefs=1.2-1",
    "parlatype=3.1-2", "pavucontrol=5.0-2", "picard=2.8.5-1+b1", "pnmixer=0.7.2-1+b1",
    "pragha=1.3.4-2+b2", "pulseaudio=16.1+dfsg1-2+b1", "ripperx=2.8.0-2.1+b1", "sonata=1.7.0-2",
    "spek=0.8.5+dfsg-2", "sweep=0.9.3-9+b1", "taptempo=1.4.5-1", "vagalume=0.8.6-3+b1",
    "volumeicon-alsa=0.5.1+git20170117-1+b2", "vorbis-tools=1.4.2-1+b1", "xcfa=5.0.2-2",
    "aravis-tools=0.8.26-1", "celluloid=0.20-2+b1", "devede=4.17.0-1", "dragonplayer=4:22.12.3-1",
    "dvdbackup=0.4.2-4.1", "freetuxtv=0.6.8~dfsg1-1+b3", "gnome-dvb-client=1:0.2.91~git20170110-5",
    "haruna=0.10.3-1", "imagination-common=3.6-1", "kaffeine=2.0.18+git20230226.439cd0d-1",
    "kazam=1.4.5-6", "lomiri-mediaplayer-app-common=1.0.2+dfsg-1", "motion=4.5.1-2",
    "pipewire-media-session=0.4.2-3", "totem-common=43.0-2", "tvtime=1.0.11-7",
    "vdradmin-am=3.6.10-4.1", "wireplumber=0.4.13-1", "xine-ui=0.99.14-1",
    "bear-factory=0.6.0-8+b4", "cherrytree=0.99.48+dfsg-1", "diffuse=0.7.7-1",
    "gnome-builder=43.6-3", "kimagemapeditor=4:22.12.3-1", "l3afpad=0.8.18.1.11-4",
    "lpe=1.2.8-2.1", "mousepad=0.5.10-2", "nano=7.2-1+deb12u1", "wxhexeditor=0.24+repack-2+b2",
    "yudit-common=3.1.0-1", "accountwizard=4:22.12.3-1+deb12u1", "alacarte=3.44.2-1",
    "apt-listchanges=3.24", "ark=4:22.12.3-1+deb12u1", "attr=1:2.5.1-4",
    "backintime-common=1.3.3-4", "baloo-kf5=5.103.0-2", "caja-common=1.26.1-1+deb12u1",
    "caja-rename=22.10.31-1", "calcurse=4.7.1-1", "catfish=4.16.4-2", "ccrypt=1.11-2",
    "certmonger=0.79.17-2", "clamtk=6.07-1.1", "console-common=0.7.91", "console-data=2:1.12-9",
    "coreutils=9.1-1", "cpio=2.13+dfsg-7.1", "dar=2.7.8-2+b9", "datamash=1.7-2", "dc3dd=7.2.646-6",
    "dconf-editor=43.0-1", "dctrl-tools=2.24-3+b1", "ddccontrol=0.6.1-1",
    "ddccontrol-db=20230223-1", "deb-gview=0.3.0", "deja-dup=44.0-2", "dfc=3.1.1-1.2",
    "diffutils=1:3.8-4", "diodon=1.13.0-1", "direvent=5.2-1+b2", "doodle=0.7.2-5",
    "duplicity=0.8.22-1+b3", "dwdiff=2.1.4-2+b2", "encfs=1.9.5-2", "entangle=3.0-3",
    "fcitx-data=1:4.2.9.9-1", "fcitx5-bamboo=1.0.2-1", "fcitx5-keyman=1.0.6-1",
    "fcitx5-module-lua-common=5.0.10-1", "fcitx5-sayura=5.0.8-1", "fcitx5-unikey=5.0.12-1",
    "findutils=4.9.0-4", "gcab=1.5-1", "gcal-common=4.1-3.1", "gettext-base=0.21-12",
    "gfsecret=0.5.0-1", "giara=1.0.1-2", "gnome-multi-writer=3.32.1-1", "go-for-it=1.9.6-4",
    "goaccess=1:1.7-1", "gpa=0.10.0-5", "gphoto2=2.5.28-2", "gpomme=1.39~dfsg-5.1+b1",
    "gpr=0.15deb-2+b2", "gprename=20210415-1", "grep=3.8-5", "gringotts=1.2.10-4",
    "grub-customizer=5.2.2-2", "gscan2pdf=2.13.2-1", "gtkhash=1.4+git20220617-3", "hoz=1.65-3+b2",
    "ibus-anthy=1.5.14-1", "ibus-chewing=1.6.1-2", "ibus-input-pad=1.4.99.20140916-2+b1",
    "ibus-libpinyin=1.15.1-1", "ibus-m17n=1.4.19-1", "ibus-pinyin=1.5.0-10",
    "ibus-table=1.16.14-1", "kbd=2.5.1-1+b1",
]

LOCALE = "usr/share/locale/fr/LC_MESSAGES"

FORMAT = re.compile(r"%(\d+\$)?[-+ #0']*(\d+|\*)?(\.(\d+|\*))?(hh|h|ll|l|L|q|j|z|t|I64)?"
                    r"[diouxXeEfFgGaAcspnCSmb]|%\d|\{[^{}]*\}|\$\{?\w")
MARKUP = re.compile(r"<[^>]*>|&\w+;|\\|[\n\t\r]|https?:|www\.|\S+@\S+|(^|\s)/\w|\w/\w+/")
# Letters of Latin-1 and Latin Extended-A (œ, Œ among them), digits, the
# spaces and the punctuation of interface strings, the typographic quotes,
# dashes, the ellipsis and the no-break spaces of French typography.
ALLOWED = re.compile(r"^[A-Za-z0-9\u00C0-\u00FF\u0100-\u017F .,;:!?'\"()\[\]\-+*/=_#@%&<>"
                     r"\u00A0\u202F\u2019\u2018\u201C\u201D\u00AB\u00BB\u2013\u2014\u2026]+$")
LETTER = re.compile(r"[A-Za-z\u00C0-\u00FF\u0100-\u017F]")
ACCELERATOR_BRACKETS = re.compile(r"\s*\((_|&)[A-Za-z0-9]\)")


def remove_accelerators(text):
    """GTK's _X and Qt's &X become X; "&&" is one "&"; "(_O)" after a
    translation goes whole."""
    text = ACCELERATOR_BRACKETS.sub("", text)
    text = re.sub(r"_(?=\w)", "", text)
    text = text.replace("&&", "\x00")
    text = re.sub(r"&(?=\w)", "", text)
    return text.replace("\x00", "&")


def clean(english, french):
    """The pair as the rules above leave it, or None when it is dropped."""
    if "\x04" in english:
        english = english.split("\x04", 1)[1]
    if not english or not french:
        return None
    if FORMAT.search(english) or FORMAT.search(french):
        return None
    english = remove_accelerators(english)
    french = remove_accelerators(french)
    if MARKUP.search(english) or MARKUP.search(french):
        return None
    english = " ".join(english.split())
    french = " ".join(french.replace("\u00A0", " ").replace("\u202F", " ").split())
    if not ALLOWED.match(english) or not ALLOWED.match(french):
        return None
    if len(english.split()) > 12 or len(french.split()) > 16:
        return None
    if english == french or not LETTER.search(english):
        return None
    return english, french


def catalogue_pairs(path):
    """(msgid, msgstr) of a .mo file, plural entries left out; none from a
    catalogue gettext cannot read (a charset its header misnames)."""
    try:
        with open(path, "rb") as f:
            catalogue = gettext.GNUTranslations(f)._catalog
    except (OSError, UnicodeDecodeError, ValueError, IndexError):
        return
    for key, value in catalogue.items():
        if isinstance(key, tuple):
            continue
        yield key, value


def fetch(cache):
    """Each package's .deb in \a cache (downloaded once), unpacked into
    cache/root/NAME; returns {name: (version, licence, [catalogue paths])}."""
    os.makedirs(cache, exist_ok=True)
    found = {}
    for entry in PACKAGES:
        name, version = entry.split("=", 1)
        deb = os.path.join(cache, f"{name}_{version.replace(':', '%3a')}_")
        debs = [f for f in os.listdir(cache) if f.startswith(os.path.basename(deb))]
        if not debs:
            subprocess.run(["apt-get", "download", "-q", entry], cwd=cache, check=True,
                           stdout=subprocess.DEVNULL)
            debs = [f for f in os.listdir(cache) if f.startswith(os.path.basename(deb))]
        root = os.path.join(cache, "root", name)
        if not os.path.isdir(root):
            subprocess.run(["dpkg-deb", "-x", os.path.join(cache, debs[0]), root], check=True)
        locale = os.path.join(root, LOCALE)
        catalogues = sorted(os.path.join(locale, f) for f in os.listdir(locale)
                            if f.endswith(".mo")) if os.path.isdir(locale) else []
        found[name] = (version, licence(root, name), catalogues)
    return found


def licence(root, name):
    """The licence of the package's copyright file: in Debian's machine-readable
    format the first License: that names one; otherwise what its text says
    (the GNU GPL or LGPL with its version and "or later", BSD, Expat)."""
    path = os.path.join(root, "usr/share/doc", name, "copyright")
    if not os.path.exists(path):
        return "(no copyright file in the package)"
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    for line in text.splitlines():
        if line.startswith("License:") and line.split(":", 1)[1].strip():
            return line.split(":", 1)[1].strip()
    lesser = re.search(r"GNU (Lesser|Library) General Public License", text)
    general = re.search(r"GNU General Public License", text)
    if lesser or general:
        version = re.search(r"[Vv]ersion (\d(\.\d)?)", text)
        later = re.search(r"any later version|or later", text)
        return (("LGPL" if lesser and not general else "GPL") +
                ("-" + version.group(1) if version else "") + ("+" if later else ""))
    if re.search(r"Permission is hereby granted, free of charge", text):
        return "Expat"
    if re.search(r"Redistribution and use in source and binary forms", text):
        return "BSD"
    return "(see its copyright file)"


def corpus(cache):
    """The pairs, sorted by English, and what each package gave:
    ([(english, french)], {name: (version, licence, pairs)})."""
    packages = fetch(cache)
    translations = collections.defaultdict(collections.Counter)
    given = {}
    for name, (version, licence_name, catalogues) in packages.items():
        count = 0
        for path in catalogues:
            for msgid, msgstr in catalogue_pairs(path):
                pair = clean(msgid, msgstr)
                if pair:
                    translations[pair[0]][pair[1]] += 1
                    count += 1
        given[name] = (version, licence_name, count)
    pairs = []
    for english in sorted(translations):
        counts = translations[english]
        best = max(counts.values())
        pairs.append((english, min(f for f, c in counts.items() if c == best)))
    return pairs, given


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", default="/tmp/translator-debs")
    args = parser.parse_args()
    pairs, given = corpus(args.cache)
    for name, (version, licence_name, count) in sorted(given.items()):
        print(f"{name} {version} ({licence_name}): {count} pairs")
    print(f"{len(pairs)} distinct English strings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
