#include "report/html/html_text.h"

namespace slaudit::report {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte < 0x20 && c != '\t' && c != '\n') || byte == 0x7f) out += "\xEF\xBF\xBD";
        else out += c;
      }
    }
  }
  return out;
}

std::string html_element(std::string_view tag, std::string_view text, std::string_view cls) {
  std::string out = "<" + std::string(tag);
  if (!cls.empty()) out += " class=\"" + std::string(cls) + "\"";
  return out + ">" + html_escape(text) + "</" + std::string(tag) + ">";
}

std::string html_fact(std::string_view term, const std::string& html) {
  return "<dt>" + html_escape(term) + "</dt><dd>" + html + "</dd>\n";
}

std::string html_incident_cell(std::string_view id, const IncidentLabels* labels) {
  std::string out = "<td class=\"id\">" + html_escape(id);
  if (labels && !labels->title.empty()) {
    out += "<br>";
    out += labels->url.empty() ? html_escape(labels->title)
                               : "<a href=\"" + html_escape(labels->url) + "\">" + html_escape(labels->title) + "</a>";
  } else if (labels && !labels->url.empty()) {
    out += " <a href=\"" + html_escape(labels->url) + "\">link</a>";
  }
  if (labels && !labels->ticket.empty()) out += " (" + html_escape(labels->ticket) + ")";
  return out + "</td>";
}

}  // namespace slaudit::report
