#include "tests/support/headless_chromium.h"

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>

#include "tests/support/cli_run.h"

namespace fs = std::filesystem;

namespace slaudit::testing {

namespace {

std::string percent_decode(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

HeadlessChromium::HeadlessChromium(const std::string& tag)
    : dir_(fs::temp_directory_path() / ("slaudit-" + tag + "-" + std::to_string(::getpid()))) {
  fs::create_directories(dir_);
}

HeadlessChromium::~HeadlessChromium() {
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

std::string HeadlessChromium::browser() {
  if (const char* env = std::getenv("SLAUDIT_CHROMIUM")) return env;
  for (const char* candidate : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
    if (fs::exists(candidate)) return candidate;
  return "";
}

int HeadlessChromium::run(const std::string& args, std::string* out) const {
  const std::string path = browser();
  REQUIRE_FALSE(path.empty());  // scripts/setup-debian.sh installs Debian's chromium
  const std::string command = "timeout 180 '" + path + "' --headless --no-sandbox --disable-gpu --no-first-run "
                              "--no-default-browser-check --disable-extensions --user-data-dir='" +
                              (dir_ / "profile").string() + "' " + args + " > '" + (dir_ / "chromium.out").string() +
                              "' 2> '" + (dir_ / "chromium.err").string() + "'";
  const int status = std::system(command.c_str());
  const int exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (out) *out = slurp(dir_ / "chromium.out");
  if (exit != 0) UNSCOPED_INFO("chromium stderr: " << slurp(dir_ / "chromium.err"));
  return exit;
}

nlohmann::json HeadlessChromium::probe(const std::string& page, const std::string& probe_script, int width,
                                       int height) const {
  std::string probed = page;
  const size_t body_end = probed.rfind("</body>");
  REQUIRE(body_end != std::string::npos);
  probed.insert(body_end, probe_script);
  std::ofstream(dir_ / "probe.html", std::ios::binary) << probed;
  std::string dom;
  REQUIRE(run("--window-size=" + std::to_string(width) + "," + std::to_string(height) + " --dump-dom 'file://" +
                  (dir_ / "probe.html").string() + "'",
              &dom) == 0);
  const std::string open = "<pre id=\"probe\">";
  const size_t start = dom.find(open);
  REQUIRE(start != std::string::npos);
  const size_t end = dom.find("</pre>", start);
  REQUIRE(end != std::string::npos);
  return nlohmann::json::parse(percent_decode(dom.substr(start + open.size(), end - start - open.size())));
}

size_t HeadlessChromium::pdf_page_count(const std::string& document) {
  size_t pages = 0;
  for (size_t at = document.find("/Type /Page"); at != std::string::npos; at = document.find("/Type /Page", at + 1))
    if (at + 11 < document.size() && document[at + 11] != 's') ++pages;
  return pages;
}

std::vector<double> HeadlessChromium::printed_page_fills(const std::string& page) const {
  const fs::path html = dir_ / "printed.html", pdf = dir_ / "printed.pdf", pages = dir_ / "printed-pages";
  std::ofstream(html, std::ios::binary) << page;
  REQUIRE(run("--no-pdf-header-footer --print-to-pdf='" + pdf.string() + "' 'file://" + html.string() + "'") == 0);
  fs::remove_all(pages);
  fs::create_directories(pages);
  const std::string command = "pdftoppm -gray -r 15 '" + pdf.string() + "' '" + (pages / "p").string() + "'";
  REQUIRE(std::system(command.c_str()) == 0);
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(pages)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());  // p-01.pgm, p-02.pgm, ...: numbered with leading zeros
  std::vector<double> fills;
  for (const fs::path& file : files) {
    // Binary PGM: "P5\n<width> <height>\n255\n" then one byte a pixel.
    std::ifstream in(file, std::ios::binary);
    std::string magic;
    int width = 0, height = 0, max = 0;
    in >> magic >> width >> height >> max;
    in.get();
    REQUIRE(magic == "P5");
    std::vector<unsigned char> pixels(static_cast<size_t>(width) * height);
    in.read(reinterpret_cast<char*>(pixels.data()), static_cast<std::streamsize>(pixels.size()));
    int last = -1;  // the lowest row with ink: any pixel darker than light grey
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        if (pixels[static_cast<size_t>(y) * width + x] < 200) last = y;
    fills.push_back(static_cast<double>(last + 1) / height);
  }
  return fills;
}

}  // namespace slaudit::testing
