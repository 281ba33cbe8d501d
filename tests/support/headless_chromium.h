#pragma once
// Debian's headless Chromium for the HTML reports' browser tests: a page is
// loaded with a probe script appended (the report itself has none), the
// script writes what it measured of the laid-out page, URI-encoded, into
// <pre id="probe">, and the dumped DOM gives it back as JSON. Also screenshots
// and PDF prints. Each instance has a scratch folder and a browser profile of
// its own.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace slaudit::testing {

class HeadlessChromium {
 public:
  explicit HeadlessChromium(const std::string& tag);
  ~HeadlessChromium();
  HeadlessChromium(const HeadlessChromium&) = delete;
  HeadlessChromium& operator=(const HeadlessChromium&) = delete;

  const std::filesystem::path& dir() const { return dir_; }
  // The browser's path (SLAUDIT_CHROMIUM, else Debian's); empty when none is installed.
  static std::string browser();
  // Runs the browser with `args`; its exit code, standard output in `out`.
  int run(const std::string& args, std::string* out = nullptr) const;
  // `page` with `probe_script` (a <script> element) before </body>, loaded at
  // `width`×`height`; the JSON the script left in <pre id="probe">.
  nlohmann::json probe(const std::string& page, const std::string& probe_script, int width, int height) const;
  // `page` printed to PDF (A4 as the page's @page says), then each page
  // rendered (Debian's pdftoppm, grey, 15 dpi): how far down the page its
  // last inked row lies, 0..1. A page with a few spilled lines reads ~0.1.
  std::vector<double> printed_page_fills(const std::string& page) const;
  // The pages of a PDF Chromium printed: its page objects ("/Type /Page", not the "/Type /Pages" tree).
  static size_t pdf_page_count(const std::string& document);

 private:
  std::filesystem::path dir_;
};

}  // namespace slaudit::testing
