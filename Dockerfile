# slaudit on Debian 12, for those who want a container: the Debian package is
# built from this checkout (./run package) and installed, nothing downloaded
# but Debian's own packages.
#   docker build -t slaudit .
#   docker run --rm -v "$PWD:/work" -w /work slaudit audit contract.sla --incidents log.jsonl --period 2026-11
FROM debian:12 AS build
WORKDIR /src
COPY . .
RUN scripts/setup-debian.sh && ./run package

FROM debian:12
COPY --from=build /src/build/package/slaudit_*.deb /tmp/
RUN apt-get update -q && apt-get install -y -q --no-install-recommends /tmp/slaudit_*.deb \
    && rm -rf /var/lib/apt/lists/* /tmp/slaudit_*.deb
ENTRYPOINT ["slaudit"]
