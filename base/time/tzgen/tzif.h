#pragma once
// Reads one TZif file (RFC 8536), version 2 or later, keeping only the 64-bit
// data block: the 32-bit block of version 1 cannot reach past 2038.
// Part of the build-time generator, never linked into slaudit_core.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace slaudit::tzgen {

// One ttinfo entry: a kind of local time the zone has used.
struct TzifLocalTimeType {
  std::int32_t utc_offset_seconds = 0;
  bool is_dst = false;
  std::string abbreviation;
};

struct TzifData {
  std::vector<std::int64_t> transition_times;  // UTC seconds, ascending
  std::vector<std::uint8_t> transition_types;  // index into types, one per transition
  std::vector<TzifLocalTimeType> types;        // types[0] applies before the first transition
  std::string footer;                          // POSIX TZ string for times after the last transition
};

// True if the file starts with the TZif magic; zoneinfo also holds tables and scripts.
bool is_tzif_file(const std::filesystem::path& file);

// The parsed data, or nullopt with `error` saying why the file was refused.
std::optional<TzifData> read_tzif(const std::filesystem::path& file, std::string& error);

}  // namespace slaudit::tzgen
