# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# The hot kernels (core/kernels/) compiled once per instruction set and linked
# into the kernels room (attentionlab_core_kernels) so that the sets share no
# code at all.
#
# Compiling the same Eigen template in several translation units with
# different -march flags gives functions of the same mangled name; the linker
# keeps one copy of each (COMDAT, weak symbols), so the baseline set could run
# AVX-512 code, or the AVX-512 set baseline code. Each set is therefore:
#   1. compiled with its own namespace for our functions and hidden
#      visibility for everything else (core/kernels/kernelvariant.h);
#   2. partially linked (ld -r) into one object, with --force-group-allocation
#      dissolving the COMDAT groups into ordinary sections, so that no group
#      remains for the final link to merge with another set's;
#   3. stripped of every global symbol but its entry point
#      (objcopy --keep-global-symbol), which turns the template instances,
#      including the default-visibility ones of the standard library, into
#      local symbols the final link cannot replace.
# scripts/check-kernel-isolation.sh proves the result (a CTest test).

# GNU ld and objcopy (binutils) whatever the compiler: lld has no
# --force-group-allocation.
find_program(ATTENTIONLAB_LD_BFD NAMES ld.bfd REQUIRED)
find_program(ATTENTIONLAB_OBJCOPY NAMES objcopy REQUIRED)

# attentionlab_add_kernel_set(<target> <id> <name> <flags> SOURCES ...)
# adds the set's object to <target> and records it in ATTENTIONLAB_KERNEL_OBJECTS.
function(attentionlab_add_kernel_set target id name flags)
    cmake_parse_arguments(PARSE_ARGV 4 ARG "" "" "SOURCES")
    set(objects attentionlab_kernels_${id})
    add_library(${objects} OBJECT ${ARG_SOURCES})
    # -fno-gnu-unique: GCC gives the static variables of inline functions
    # (Eigen's cache sizes) STB_GNU_UNIQUE binding, which objcopy does not
    # localize; as weak symbols they become the set's own.
    target_compile_options(${objects} PRIVATE ${flags} -fvisibility=hidden
                                              -fvisibility-inlines-hidden
                                              $<$<CXX_COMPILER_ID:GNU>:-fno-gnu-unique>)
    target_compile_definitions(${objects} PRIVATE
        ATTENTIONLAB_KERNEL_NAMESPACE=Kernels_${id}
        ATTENTIONLAB_KERNEL_ENTRY=attentionlab_kernels_${id}
        ATTENTIONLAB_KERNEL_ID="${id}"
        ATTENTIONLAB_KERNEL_NAME="${name}")
    target_include_directories(${objects} PRIVATE ${PROJECT_SOURCE_DIR})
    target_link_libraries(${objects} PRIVATE AttentionLab::Common Eigen3::Eigen
                                             OpenMP::OpenMP_CXX)

    set(partial ${CMAKE_CURRENT_BINARY_DIR}/kernels_${id}_partial.o)
    set(isolated ${CMAKE_CURRENT_BINARY_DIR}/kernels_${id}.o)
    add_custom_command(
        OUTPUT ${isolated}
        COMMAND ${ATTENTIONLAB_LD_BFD} -r --force-group-allocation -o ${partial}
                "$<TARGET_OBJECTS:${objects}>"
        COMMAND ${ATTENTIONLAB_OBJCOPY} --keep-global-symbol=attentionlab_kernels_${id} ${partial}
                ${isolated}
        DEPENDS ${objects} "$<TARGET_OBJECTS:${objects}>"
        COMMAND_EXPAND_LISTS
        VERBATIM
        COMMENT "Isolating the ${id} kernels (ld -r, objcopy --keep-global-symbol)")
    set_source_files_properties(${isolated} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
    target_sources(${target} PRIVATE ${isolated})
    set_property(GLOBAL APPEND PROPERTY ATTENTIONLAB_KERNEL_OBJECTS "${id}=${isolated}")
endfunction()
