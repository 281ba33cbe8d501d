#pragma once
// std::visit over lambdas: `std::visit(Overloaded{[](const A&) {...}, ...}, v)`.
// Give every alternative its own handler and no catch-all: then a new
// alternative added to the variant does not compile until it is handled.
namespace slaudit {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
// C++20 deduces this for aggregates, but clang 14 (the fuzz build) does not yet.
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace slaudit
