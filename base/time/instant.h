#pragma once
// Instants and durations carry their unit in the type: an instant is a UTC
// time point in whole seconds, a duration is std::chrono::seconds, never a
// bare integer or a double. The audit works at one-second resolution.
#include <chrono>

namespace slaudit {

using Instant = std::chrono::sys_seconds;  // UTC, whole seconds since the Unix epoch
using Seconds = std::chrono::seconds;

}  // namespace slaudit
