#pragma once
// Text safe to put into an HTML report: whatever a contract or a log says
// (an incident id, a service name, a clause, a file path) is data, never markup.
#include <string>
#include <string_view>

#include "engine/records/incident.h"

namespace slaudit::report {

// Escapes & < > " ' for element text and quoted attribute values alike. C0
// control characters other than tab and newline, and DEL, become U+FFFD: they
// are not allowed in HTML text, and a log may hold them.
std::string html_escape(std::string_view text);

// <tag class="cls">escaped text</tag>; no class attribute when `cls` is empty.
std::string html_element(std::string_view tag, std::string_view text, std::string_view cls = {});

// An incident's cell: its id, then the log's title (linked to its url when it
// gives one) and ticket, all escaped. The url is http(s) without spaces or
// control characters (the incident reader checks it), escaped as an attribute.
std::string html_incident_cell(std::string_view id, const IncidentLabels* labels);

// One term of a <dl class="facts">: the term escaped, the description already HTML.
std::string html_fact(std::string_view term, const std::string& html);

}  // namespace slaudit::report
