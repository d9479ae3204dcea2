# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# What `cmake --install` puts in place, under GNUInstallDirs, and the Debian
# package CPack makes of it (`cpack -G DEB` in the build folder). One id names
# the program everywhere: the desktop entry, the icon, the metainfo and the
# MIME package.
include(GNUInstallDirs)

set(ATTENTIONLAB_APP_ID "io.github.attentionlab.AttentionLab")
set(desktop_dir "${PROJECT_SOURCE_DIR}/resources/desktop")
set(generated_dir "${PROJECT_BINARY_DIR}/install-data")
file(MAKE_DIRECTORY "${generated_dir}")

install(TARGETS attention-lab RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
# The MP4 plugin (ui/figure/mp4plugin), which the program finds relative to
# itself; dpkg-shlibdeps reads its FFmpeg libraries into the package's Depends.
install(TARGETS attentionlab_mp4 LIBRARY DESTINATION "${ATTENTIONLAB_PLUGIN_INSTALL_DIR}")

install(FILES "${desktop_dir}/${ATTENTIONLAB_APP_ID}.desktop"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
configure_file("${desktop_dir}/${ATTENTIONLAB_APP_ID}.metainfo.xml"
               "${generated_dir}/${ATTENTIONLAB_APP_ID}.metainfo.xml" @ONLY)
install(FILES "${generated_dir}/${ATTENTIONLAB_APP_ID}.metainfo.xml"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")
install(FILES "${desktop_dir}/${ATTENTIONLAB_APP_ID}.xml"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/mime/packages")
install(FILES "${desktop_dir}/${ATTENTIONLAB_APP_ID}.svg"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/resources/presets/"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/attention-lab/presets"
        FILES_MATCHING PATTERN "*.json")
# The built-in models (scripts/train_builtin_model.py, scripts/train_translator.py):
# io/builtinmodel.cpp finds them here.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/resources/models/builtin"
                  "${PROJECT_SOURCE_DIR}/resources/models/builtin-en-fr"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/attention-lab/models")
# The notebook module (python/), for Debian's python3: `import attention_lab`.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/python/attention_lab"
        DESTINATION "lib/python3/dist-packages"
        FILES_MATCHING PATTERN "*.py")
install(FILES "${PROJECT_SOURCE_DIR}/resources/completion/attention-lab"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions")

# The PNG sizes of the icon, drawn from the SVG at build time.
find_program(ATTENTIONLAB_RSVG_CONVERT rsvg-convert)
# The man page, from `attention-lab --help` (it needs no display).
find_program(ATTENTIONLAB_HELP2MAN help2man)
find_program(ATTENTIONLAB_GZIP gzip REQUIRED)
set(install_data_outputs)

if(ATTENTIONLAB_RSVG_CONVERT)
    foreach(size 16 32 48 64 128 256)
        set(png "${generated_dir}/icons/${size}x${size}/${ATTENTIONLAB_APP_ID}.png")
        add_custom_command(OUTPUT "${png}"
            COMMAND ${CMAKE_COMMAND} -E make_directory "${generated_dir}/icons/${size}x${size}"
            COMMAND "${ATTENTIONLAB_RSVG_CONVERT}" -w ${size} -h ${size}
                    "${desktop_dir}/${ATTENTIONLAB_APP_ID}.svg" -o "${png}"
            DEPENDS "${desktop_dir}/${ATTENTIONLAB_APP_ID}.svg"
            COMMENT "Drawing the ${size} px application icon"
            VERBATIM)
        list(APPEND install_data_outputs "${png}")
        install(FILES "${png}" DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps")
    endforeach()
else()
    message(WARNING "rsvg-convert not found (Debian: librsvg2-bin): the PNG icons are not installed")
endif()

if(ATTENTIONLAB_HELP2MAN)
    set(man "${generated_dir}/attention-lab.1")
    add_custom_command(OUTPUT "${man}.gz"
        COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
                "${ATTENTIONLAB_HELP2MAN}" --no-info --no-discard-stderr --section=1
                "--name=watch and touch softmax(QK^T / sqrt(d_k)) V"
                "--version-string=${PROJECT_VERSION}" --output=${man} $<TARGET_FILE:attention-lab>
        COMMAND "${ATTENTIONLAB_GZIP}" -9nf "${man}"
        DEPENDS attention-lab
        COMMENT "Writing the man page with help2man"
        VERBATIM)
    list(APPEND install_data_outputs "${man}.gz")
    install(FILES "${man}.gz" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
else()
    message(WARNING "help2man not found (Debian: help2man): the man page is not installed")
endif()

# Debian's changelog and copyright, in the package's documentation folder
# (named after the package, not the CMake project).
set(changelog "${generated_dir}/changelog.gz")
add_custom_command(OUTPUT "${changelog}"
    COMMAND ${CMAKE_COMMAND} -E copy "${PROJECT_SOURCE_DIR}/resources/debian/changelog"
            "${generated_dir}/changelog"
    COMMAND "${ATTENTIONLAB_GZIP}" -9nf "${generated_dir}/changelog"
    DEPENDS "${PROJECT_SOURCE_DIR}/resources/debian/changelog"
    VERBATIM)
list(APPEND install_data_outputs "${changelog}")
install(FILES "${changelog}" "${PROJECT_SOURCE_DIR}/resources/debian/copyright"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/attention-lab")

add_custom_target(install-data ALL DEPENDS ${install_data_outputs})

# The Debian package. Depends come from dpkg-shlibdeps; the binary is stripped.
set(CPACK_PACKAGE_NAME "attention-lab")
set(CPACK_PACKAGE_VENDOR "Attention Lab")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "Attention Lab maintainers <attention-lab@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "watch and touch the attention of a transformer")
set(CPACK_PACKAGE_DESCRIPTION
    "Attention Lab makes Eq. 16.2 of a textbook chapter on self-attention,\n"
    "softmax(QK^T / sqrt(d_k)) V, something a class can watch and touch: edit\n"
    "queries and keys, switch the scaling and the order of the causal mask, and\n"
    "see the weights, the entropy of every row and the output move. It opens\n"
    "the attention of GPT-2 and BERT checkpoints, runs them natively, and has a\n"
    "presentation mode for the lecture hall and a command line that prints the\n"
    "chapter's tables.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
# The licence: GPL-3.0-or-later, as QCustomPlot (GPL-3.0), which the program links.
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/attentionlab/attention-lab")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The notebook module wants Debian's python3 and numpy; the program does not.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3, python3-numpy")
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${CPACK_PACKAGE_HOMEPAGE_URL}")
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
set(CPACK_PACKAGE_INSTALL_DIRECTORY "attention-lab")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_GENERATOR "DEB")
include(CPack)
