#pragma once
// One record's fields as written, before any value is checked. Both log
// formats produce this, after checking only what is theirs (syntax, field
// names, JSON types), so every rule about values lives in one place:
// build_incident (incident_builder.h).
//
// The fields are views: into the record's own text when it needed no
// unescaping (the common case, read without copying), else into storage the
// format layer keeps alive until the record is built.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/records/incident.h"

namespace slaudit {

// An `affected` value in the form the log used.
struct RawAffected {
  enum class Form {
    Text,    // "25%", "0.25", "64 gpus": a CSV cell or a JSON string
    Number,  // a JSON number; `text` is its source text, never a double
    Count,   // JSON {"gpus": N} or {"nodes": N}; `text` is N's source text
  };
  Form form = Form::Text;
  std::string_view text;
  CountUnit unit = CountUnit::Gpus;  // Count only
};

// Absent fields are nullopt. A present field may be empty (a CSV cell with
// nothing in it, a JSON null or ""): optional fields treat that as absent,
// required ones reject it.
struct RawIncident {
  size_t line = 0;
  std::optional<std::string_view> id, service, start, end, detected, recovered;
  std::optional<std::string_view> fault, cause, notice, cluster, component;
  std::optional<std::string_view> resource, zone, region;  // fleets: what the incident took out
  std::optional<std::string_view> title, url, link, ticket;  // labels: shown in reports, never audited
  std::optional<RawAffected> affected;
  // Fields the reader does not know, kept (not --strict) and otherwise
  // unread: views into the record's text or the CSV header, for the log's note.
  std::vector<std::string_view> unused_fields;
};

struct JsonValue;

// What a format layer hands on: a record, or the reason it was rejected.
struct RawRecord {
  std::optional<RawIncident> incident;
  std::string reason;
  // What the views point into when not the record's text (a parsed JSON
  // tree); on the heap, so moving the record moves no text.
  std::shared_ptr<const JsonValue> storage;
};

}  // namespace slaudit
