# PDF checks for the print tests (sourced after common.bash).

# expect_good_pdf NAME FILE: qpdf --check passes, every font is embedded and
# has a ToUnicode map, and poppler reads the text without a warning.
expect_good_pdf() {
  local name=$1 file=$2
  qpdf --check "$file" >"$TMP/$name.qpdf" 2>&1 || { cat "$TMP/$name.qpdf" >&2; fail "$name: qpdf --check failed"; }
  pass
  pdffonts "$file" >"$TMP/$name.fonts" 2>/dev/null || fail "$name: pdffonts failed"
  # Columns: name type encoding emb sub uni object-ID; skip the two header lines.
  local fonts
  fonts=$(tail -n +3 "$TMP/$name.fonts" | wc -l)
  [ "$fonts" -ge 1 ] || fail "$name: no fonts in $file"
  if tail -n +3 "$TMP/$name.fonts" | awk '{ if ($(NF-4) != "yes") bad = 1 } END { exit !bad }'; then
    cat "$TMP/$name.fonts" >&2
    fail "$name: a font is not embedded"
  fi
  expect_in "$TMP/$name.fonts" "DejaVuSans"
  if tail -n +3 "$TMP/$name.fonts" | awk '{ if ($(NF-2) != "yes") bad = 1 } END { exit !bad }'; then
    cat "$TMP/$name.fonts" >&2
    fail "$name: a font has no ToUnicode map"
  fi
  pdftotext "$file" /dev/null 2>"$TMP/$name.pdftotext" || fail "$name: pdftotext failed"
  [ ! -s "$TMP/$name.pdftotext" ] || fail "$name: pdftotext warned: $(head -3 "$TMP/$name.pdftotext")"
}

# pdf_text FILE: the text of FILE with runs of blanks squeezed to one space.
pdf_text() { pdftotext -layout "$1" - 2>/dev/null | tr -s ' \t' '  '; }
