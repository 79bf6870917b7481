extension CivilDateTime {
    /// The instant of this civil time in `zone`, by `ZoneResolver`'s DST policy.
    public func instant(in zone: some UTCOffsets) -> WallTime { ZoneResolver.instant(for: self, in: zone) }
}
