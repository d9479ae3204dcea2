# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# One interface target that every Attention Lab target links: the language
# standard, the warnings and Qt's safety defines live here and nowhere else.
add_library(attentionlab_common INTERFACE)
add_library(AttentionLab::Common ALIAS attentionlab_common)

target_compile_features(attentionlab_common INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)

target_compile_options(attentionlab_common INTERFACE
    -Wall -Wextra -pedantic
    # GCC 12 reports its own AVX-512 intrinsics (avx512fintrin.h) as
    # maybe-uninitialized once Eigen inlines them: GCC bug 105593.
    $<$<AND:$<CXX_COMPILER_ID:GNU>,$<BOOL:${ATTENTIONLAB_NATIVE}>>:-Wno-maybe-uninitialized>
    $<$<BOOL:${ATTENTIONLAB_NATIVE}>:-march=native>)

target_compile_definitions(attentionlab_common INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_URL_CAST_FROM_STRING
    QT_USE_QSTRINGBUILDER
    QT_DISABLE_DEPRECATED_UP_TO=0x060400
    # Eigen's alignment (and with it how it allocates and frees matrices)
    # follows -march unless fixed: the kernels compiled for AVX-512 and the
    # code compiled for baseline x86-64 hand matrices to each other, so every
    # translation unit allocates them alike (cmake/KernelVariants.cmake).
    EIGEN_MAX_ALIGN_BYTES=64
    ATTENTIONLAB_VERSION="${PROJECT_VERSION}")

# A fuzzing build instruments every library, so that libFuzzer sees coverage
# inside the readers and the sanitizers see every access (tests/fuzz).
if(ATTENTIONLAB_FUZZING)
    target_compile_options(attentionlab_common INTERFACE -fsanitize=fuzzer-no-link,address,undefined
                                                         -fno-omit-frame-pointer)
    target_link_options(attentionlab_common INTERFACE -fsanitize=address,undefined)
endif()
