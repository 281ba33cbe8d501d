#include "language/check/units.h"

namespace slaudit::check {

namespace {

using model::Dimension;

struct Entry {
  const char* name;
  Dimension dimension;
  const char* factor;  // exact decimal text
  const char* count_unit;
};

// Data sizes are decimal (GB = 10^9 bytes) unless binary (GiB); bits are 1/8 byte.
constexpr Entry kUnits[] = {
    {"ms", Dimension::Duration, "0.001", ""},  // latency bounds; elsewhere a sub-second duration is refused
    {"s", Dimension::Duration, "1", ""},        {"sec", Dimension::Duration, "1", ""},
    {"second", Dimension::Duration, "1", ""},   {"seconds", Dimension::Duration, "1", ""},
    {"min", Dimension::Duration, "60", ""},     {"minute", Dimension::Duration, "60", ""},
    {"minutes", Dimension::Duration, "60", ""}, {"h", Dimension::Duration, "3600", ""},
    {"hour", Dimension::Duration, "3600", ""},  {"hours", Dimension::Duration, "3600", ""},
    {"d", Dimension::Duration, "86400", ""},    {"day", Dimension::Duration, "86400", ""},
    {"days", Dimension::Duration, "86400", ""}, {"w", Dimension::Duration, "604800", ""},
    {"week", Dimension::Duration, "604800", ""}, {"weeks", Dimension::Duration, "604800", ""},
    {"B", Dimension::DataSize, "1", ""},        {"KB", Dimension::DataSize, "1000", ""},
    {"MB", Dimension::DataSize, "1000000", ""}, {"GB", Dimension::DataSize, "1000000000", ""},
    {"TB", Dimension::DataSize, "1000000000000", ""}, {"PB", Dimension::DataSize, "1000000000000000", ""},
    {"KiB", Dimension::DataSize, "1024", ""},   {"MiB", Dimension::DataSize, "1048576", ""},
    {"GiB", Dimension::DataSize, "1073741824", ""}, {"TiB", Dimension::DataSize, "1099511627776", ""},
    {"PiB", Dimension::DataSize, "1125899906842624", ""},
    {"bit", Dimension::DataSize, "0.125", ""},  {"Kbit", Dimension::DataSize, "125", ""},
    {"Mbit", Dimension::DataSize, "125000", ""}, {"Gbit", Dimension::DataSize, "125000000", ""},
    {"Tbit", Dimension::DataSize, "125000000000", ""},
    {"bps", Dimension::DataRate, "0.125", ""},  {"Kbps", Dimension::DataRate, "125", ""},
    {"Mbps", Dimension::DataRate, "125000", ""}, {"Gbps", Dimension::DataRate, "125000000", ""},
    {"Tbps", Dimension::DataRate, "125000000000", ""},
    {"gpus", Dimension::Count, "1", "gpus"},    {"gpu", Dimension::Count, "1", "gpus"},
    {"GPUs", Dimension::Count, "1", "gpus"},    {"GPU", Dimension::Count, "1", "gpus"},
    {"nodes", Dimension::Count, "1", "nodes"},  {"node", Dimension::Count, "1", "nodes"},
    {"models", Dimension::Count, "1", "models"},
};

struct CurrencyEntry {
  const char* code;
  int minor_digits;
};
constexpr CurrencyEntry kCurrencies[] = {
    {"AUD", 2}, {"BRL", 2}, {"CAD", 2}, {"CHF", 2}, {"CNY", 2}, {"DKK", 2}, {"EUR", 2}, {"GBP", 2},
    {"HKD", 2}, {"INR", 2}, {"JPY", 0}, {"KRW", 0}, {"NOK", 2}, {"NZD", 2}, {"SEK", 2}, {"SGD", 2},
    {"TWD", 2}, {"USD", 2}, {"ZAR", 2}, {"BHD", 3}, {"KWD", 3},
};

std::optional<UnitDef> plain_unit(std::string_view unit) {
  for (const auto& e : kUnits)
    if (unit == e.name) return UnitDef{e.name, e.dimension, *Decimal::parse(e.factor), e.count_unit};
  return std::nullopt;
}

}  // namespace

std::optional<UnitDef> find_unit(std::string_view unit, std::string_view per) {
  auto base = plain_unit(unit);
  if (!base) return std::nullopt;
  if (per.empty()) return base;
  // A rate: a data size per second (GB/s, Gbit/s).
  auto divisor = plain_unit(per);
  if (base->dimension != model::Dimension::DataSize || !divisor || divisor->dimension != model::Dimension::Duration ||
      divisor->factor != Decimal::from_int(1))
    return std::nullopt;
  base->name = std::string(unit) + "/" + std::string(per);
  base->dimension = model::Dimension::DataRate;
  return base;
}

std::vector<std::string> unit_names() {
  std::vector<std::string> out;
  for (const auto& e : kUnits) out.push_back(e.name);
  for (const char* rate : {"B/s", "KB/s", "MB/s", "GB/s", "TB/s", "Gbit/s", "Mbit/s"}) out.push_back(rate);
  return out;
}

std::optional<model::Currency> find_currency(std::string_view code) {
  for (const auto& c : kCurrencies)
    if (code == c.code) return model::Currency{c.code, c.minor_digits};
  return std::nullopt;
}

std::vector<std::string> currency_codes() {
  std::vector<std::string> out;
  for (const auto& c : kCurrencies) out.push_back(c.code);
  return out;
}

}  // namespace slaudit::check
