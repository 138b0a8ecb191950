# FindCairo: Cairo with its PNG and SVG surfaces, via pkg-config.
# Defines Cairo::Cairo.
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(PC_CAIRO QUIET cairo)
endif()
find_path(Cairo_INCLUDE_DIR cairo.h HINTS ${PC_CAIRO_INCLUDE_DIRS} PATH_SUFFIXES cairo)
find_library(Cairo_LIBRARY NAMES cairo HINTS ${PC_CAIRO_LIBRARY_DIRS})
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Cairo
  REQUIRED_VARS Cairo_LIBRARY Cairo_INCLUDE_DIR
  FAIL_MESSAGE "Cairo not found: install Debian's libcairo2-dev (bash .ci/install-deps)")
if(Cairo_FOUND AND NOT TARGET Cairo::Cairo)
  add_library(Cairo::Cairo UNKNOWN IMPORTED)
  set_target_properties(Cairo::Cairo PROPERTIES
    IMPORTED_LOCATION "${Cairo_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${Cairo_INCLUDE_DIR}")
endif()
mark_as_advanced(Cairo_INCLUDE_DIR Cairo_LIBRARY)
