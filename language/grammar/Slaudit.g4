// The slaudit contract language.
//
// Conventions (after google/cel-cpp's Cel.g4): parser rules first, lexer rules
// last, no actions; every alternative is named (`# Name`) and every operand is
// labelled, so the AST builder reads `ctx->target`, never `children[1]`.
//
// The grammar is deliberately flat: no rule is recursive, so the parser's stack
// depth is bounded by the grammar, not by the input. Keywords are soft: any
// keyword may be used where a name is expected (see `word`), so a service may
// be called `storage` or a fault class `network`.
//
// Units are not keywords either: a quantity is a number followed by a word
// (`72 h`, `400 GB/s`, `4096 gpus`), and the checker decides whether the unit
// fits the place it is written in (`target 20 min` is a unit error, not a
// syntax error).
grammar Slaudit;

// ---------------------------------------------------------------- file

file
    : contracts+=contractDecl* EOF
    ;

contractDecl
    : attrs+=attribute* 'contract' title=STRING '{' items+=contractItem* '}'
    ;

attribute
    : '@' name=word '(' args+=attributeArg (',' args+=attributeArg)* ')'
    ;

attributeArg
    : id=word
    | text=STRING
    ;

// ---------------------------------------------------------------- contract

contractItem
    : attrs+=attribute* 'provider' name=STRING ';'                                   # ProviderItem
    | attrs+=attribute* 'customer' name=STRING ';'                                   # CustomerItem
    | attrs+=attribute* 'effective' from=DATE 'to' until=DATE ';'                    # EffectiveItem
    | attrs+=attribute* 'timezone' zone=STRING ';'                                   # TimezoneItem
    | attrs+=attribute* 'holidays' calendar=STRING ';'                               # HolidaysItem
    | attrs+=attribute* 'currency' code=word ';'                                     # CurrencyItem
    | attrs+=attribute* 'service' name=word '{' items+=serviceItem* '}'              # ServiceDecl
    | attrs+=attribute* 'availability' service=word label=STRING? ('per' noun=word)?
          '{' items+=availabilityItem* '}'                                           # AvailabilityDecl
    | attrs+=attribute* 'recovery' service=word label=STRING?
          '{' items+=recoveryItem* '}'                                               # RecoveryDecl
    // A composite SLA (issue 17, item 6): a service's availability from other
    // clauses', in series or in parallel; components name clauses or composites.
    | attrs+=attribute* 'composite' name=word label=STRING?
          '{' items+=compositeItem* '}'                                              # CompositeDecl
    | attrs+=attribute* 'commit' metric=word ('for' service=word)?
          cmp=comparator value=quantity cond=condition? ';'                          # CommitDecl
    | attrs+=attribute* 'claim' text=STRING (':' body=claimBody)? ';'               # ClaimDecl
    // Error production: a misspelt or unknown item, skipped whole so the rest still parses.
    | attrs+=attribute* unknown=ID (~(';' | '{' | '}'))* (';' | looseBlock)?         # UnknownContractItem
    // Error production: an item of a block written at the top level.
    | misplaced=blockKeyword (~(';' | '{' | '}'))* (';' | looseBlock)?              # MisplacedContractItem
    ;

// ---------------------------------------------------------------- services

serviceItem
    : 'fee' amount=quantity 'per' per=word ';'                                       # FeeItem
    | 'scope' 'single' 'cluster' cluster=STRING ';'                                  # SingleClusterScope
    | 'scope' 'aggregate' 'clusters' '(' clusters+=STRING (',' clusters+=STRING)* ')' ';' # AggregateScope
    | 'regions' regions+=STRING (',' regions+=STRING)* ';'                           # RegionsItem
    | 'capacity' counts+=quantity (',' counts+=quantity)* ';'                        # CapacityItem
    | 'starts' date=DATE ';'                                                         # StartsItem
    | 'interconnect' kind=word tenancy=word? ';'                                     # InterconnectItem
    | 'billing' 'per' granularity=word ';'                                           # BillingItem
    // A fleet: the service is many resources (`resources instance with zones;`).
    // `zones` after `with` is a plain word, checked by the builder, so `2 zones`
    // stays a quantity elsewhere.
    | 'resources' noun=word ('with' zones=word)? ';'                                 # ResourcesItem
    | 'attributes' names+=word (',' names+=word)* ';'                                # AttributesItem
    | 'each' noun=word 'under' choice=word 'matching' 'clause' ';'                   # MatchingItem
    | unknown=ID (~(';' | '{' | '}'))* (';' | looseBlock)?                           # UnknownServiceItem
    | misplaced=notServiceKeyword (~(';' | '{' | '}'))* (';' | looseBlock)?          # MisplacedServiceItem
    ;

// ---------------------------------------------------------------- availability

availabilityItem
    : 'target' value=quantity ';'                                                    # TargetItem
    | 'period' spec=periodSpec ';'                                                   # PeriodItem
    | 'partial' 'period' how=word ';'                                               # PartialPeriodItem
    | 'unavailable' 'when' 'incident' 'affects' cmp=comparator amount=quantity
          ('of' base=word)? ';'                                                      # AffectedThresholdItem
    | 'unavailable' 'when' 'any' 'incident' ';'                                      # AnyIncidentItem
    | 'unavailable' 'weighted' 'by' 'affected' 'share' ';'                           # WeightedItem
    // Group-level clauses (`per region`, `per zone`, `per ATTRIBUTE`, docs/fleet.md):
    // when the group is down, from its members' states, and which minutes count.
    | 'unavailable' 'when' (all='all' | 'at' 'least' count=NUMBER (percent='%' 'of')?)
          what=word 'down' ';'                                                       # GroupDownItem
    | 'counted' 'while' 'at' 'least' count=NUMBER what=word 'run' ';'                # CountedWhileItem
    | 'unavailable' 'from' 'probes' '{' probes+=probeItem* '}'                       # ProbesItem
    | 'ignore' 'downtime' rel=minimumRelation value=quantity ';'                     # MinimumDowntimeItem
    | 'partial' 'minutes' minutes=partialMinuteMode ';'                                 # PartialMinutesItem
    // Clock minutes and fixed intervals (issue 17, item 2): `downtime counted in
    // clock minutes;`, `downtime counted in 5 min intervals;`. The last word is a
    // plain word, checked by the checker, so no new keyword takes a name.
    | 'downtime' 'counted' 'in' 'clock' unit=word ';'                                # ClockMinutesItem
    | 'downtime' 'counted' 'in' length=quantity kind=word ';'                        # IntervalsItem
    | 'missing' 'data' 'counts' 'as' state=word ';'                                  # MissingDataItem
    | attrs+=attribute* 'exclude' what=exclusion ';'                                 # ExcludeItem
    | 'excluded' 'time' treatment=excludedTreatment ';'                              # ExcludedTimeItem
    | 'no' 'charge' 'for' 'clock' 'hour' 'with' 'more' 'than' value=quantity 'down' ';' # HourRuleItem
    | attrs+=attribute* 'credit' spec=creditSpec                                     # CreditItem
    | 'payout' form=word ';'                                                         # PayoutItem
    | attrs+=attribute* 'cap' spec=capSpec ';'                                       # CapItem
    | attrs+=attribute* 'claim' spec=claimDeadline ';'                               # ClaimDeadlineItem
    | 'rounding' rounding=roundingMode ';'                                               # RoundingItem
    | 'terms' 'per' reference=STRING ';'                                             # ExternalTermsItem
    | 'where' attr=word op=selectorOp (text=STRING | number=quantity) ';'            # WhereItem
    | unknown=ID (~(';' | '{' | '}'))* (';' | looseBlock)?                           # UnknownAvailabilityItem
    | misplaced=notAvailabilityKeyword (~(';' | '{' | '}'))* (';' | looseBlock)?     # MisplacedAvailabilityItem
    ;

periodSpec
    : 'calendar' unit=word                                                           # CalendarPeriod
    | 'billing' 'month' 'from' 'day' day=NUMBER                                      # BillingMonthPeriod
    | 'rolling' length=quantity                                                      # RollingPeriod
    ;

minimumRelation
    : 'shorter' 'than'                                                               # ShorterThan
    | 'up' 'to'                                                                      # UpTo
    ;

partialMinuteMode
    : 'rounded' 'up'                                                                 # RoundedUp
    | 'dropped'                                                                      # Dropped
    | 'exact'                                                                        # Exact
    ;

excludedTreatment
    : 'removed' 'from' 'period'                                                      # RemovedFromPeriod
    | 'counts' 'as' 'available'                                                      # CountsAsAvailable
    ;

roundingMode
    : 'half' 'up'                                                                    # HalfUp
    | 'half' 'even'                                                                  # HalfEven
    | 'up'                                                                           # RoundUp
    | 'down'                                                                         # RoundDown
    ;

probeItem
    : 'bucket' size=quantity ';'                                                     # BucketItem
    | 'bad' 'when' signal=probeSignal cmp=comparator threshold=quantity ';'          # BadBucketItem
    | 'at' 'least' count=NUMBER 'consecutive' 'bad' 'buckets' ';'                    # ConsecutiveItem
    | 'at' 'least' count=NUMBER unit=minimumDataUnit 'per' scope=minimumDataScope
          (',' 'else' below=belowMinimum)? ';'                                      # MinimumDataItem
    | 'targets' combine=targetCombination ';'                                        # TargetsItem
    | 'measure' method=probeMethod ';'                                               # MethodItem
    | 'target' name=STRING ('cluster' cluster=STRING)? ';'                           # ProbeTargetItem
    | unknown=ID (~(';' | '{' | '}'))* ';'?                                          # UnknownProbeItem
    ;

// Minimum data (issue 17, item 5): how much evidence makes a measurement valid.
minimumDataUnit
    : 'requests'                                                                     # RequestsUnit
    | 'samples'                                                                      # SamplesUnit
    ;

minimumDataScope
    : 'bucket'                                                                       # PerBucketScope
    | 'period'                                                                       # PerPeriodScope
    ;

belowMinimum
    : 'not' 'assessed'                                                               # BelowNotAssessed
    | 'missed'                                                                       # BelowMissed
    ;

probeSignal
    : 'success' 'ratio'                                                              # SuccessRatio
    | 'error' 'rate'                                                                 # ErrorRate
    | percentile=word 'latency'                                                      # LatencySignal
    ;

targetCombination
    : 'any'                                                                          # AnyTarget
    | 'all'                                                                          # AllTargets
    | 'at' 'least' share=quantity                                                    # ShareOfTargets
    | 'averaged'                                                                     # AveragedTargets
    ;

probeMethod
    : 'bad' 'buckets'                                                                # BadBucketsMethod
    | 'requests'                                                                     # RequestsMethod
    | 'average' 'error' 'rate'                                                       # AverageErrorRateMethod
    ;

exclusion
    : 'maintenance' ('with' 'notice' cmp=comparator notice=quantity)?
          (',' 'at' 'most' cap=quantity 'per' 'period')?                             # MaintenanceExclusion
    | 'window' days=word start=TIME '-' end=TIME                                     # WindowExclusion
    | 'cause' 'in' '(' names+=word (',' names+=word)* ')'                            # CauseExclusion
    | 'fault' 'in' '(' names+=word (',' names+=word)* ')'                            # FaultExclusion
    | 'component' 'in' '(' components+=STRING (',' components+=STRING)* ')'          # ComponentExclusion
    ;

creditSpec
    : 'of' 'monthly' 'fee' '{' tiers+=creditTier* '}'                                # TieredCredit
    | 'lost' 'time' 'at' 'hourly' 'rate' ('times' multiplier=NUMBER)? ';'            # LostTimeCredit
    ;

creditTier
    : 'below' upper=quantity ('and' 'at' 'least' lower=quantity)? ':' (credit=quantity | unstated=notStated) ';'
    ;

// A tier the contract leaves without a credit (issue 17: a table that stops).
notStated
    : 'not' 'stated'
    ;

capSpec
    : amount=quantity ('of' 'monthly' 'fee')? window=capWindow?
    ;

capWindow
    : 'per' 'period'                                                                 # PerPeriodCap
    | 'per' 'contract' 'year'                                                        # PerContractYearCap
    | 'per' 'trailing' months=NUMBER 'months'                                        # TrailingMonthsCap
    ;

claimDeadline
    : 'within' span=quantity 'after' anchor=deadlineAnchor earliest=claimEarliest?   # ClaimWithin
    | 'by' 'end' 'of' ordinal=ORDINAL 'billing' 'cycle' 'after' anchor=deadlineAnchor
          earliest=claimEarliest?                                                    # ClaimByCycleEnd
    ;

claimEarliest
    : ',' 'not' 'before' count=NUMBER 'working' 'days' 'after' anchor=deadlineAnchor
    ;

deadlineAnchor
    : 'period' 'end'                                                                 # AfterPeriodEnd
    | 'incident'                                                                     # AfterIncident
    ;

// ---------------------------------------------------------------- recovery

recoveryItem
    : 'faults' '(' faults+=word (',' faults+=word)* ')' ';'                          # RecoveryFaultsItem
    | 'within' limit=quantity 'from' clockStart=word 'to' clockStop=word ';'         # RecoveryLimitItem
    | attrs+=attribute* 'credit' amount=quantity 'of' 'monthly' 'fee' 'per' 'breach' ';' # RecoveryCreditItem
    | attrs+=attribute* 'cap' spec=capSpec ';'                                       # RecoveryCapItem
    | unknown=ID (~(';' | '{' | '}'))* (';' | looseBlock)?                           # UnknownRecoveryItem
    | misplaced=notRecoveryKeyword (~(';' | '{' | '}'))* (';' | looseBlock)?         # MisplacedRecoveryItem
    ;

// ---------------------------------------------------------------- composites

compositeItem
    : shape=('series' | 'parallel') '(' parts+=componentRef (',' parts+=componentRef)* ')' ';' # CompositeShapeItem
    | 'target' value=quantity ';'                                                    # CompositeTargetItem
    | unknown=ID (~(';' | '{' | '}'))* (';' | looseBlock)?                           # UnknownCompositeItem
    | misplaced=notCompositeKeyword (~(';' | '{' | '}'))* (';' | looseBlock)?        # MisplacedCompositeItem
    ;

// A component: an availability clause by its service (and label, when the
// service has several), or another composite by its name.
componentRef
    : name=word label=STRING?
    ;

// ---------------------------------------------------------------- commitments and claims

// The keywords that start items of one block, for the error productions that
// say "'target' belongs in an availability clause" instead of a cascade.
serviceKeyword      : 'fee' | 'scope' | 'regions' | 'capacity' | 'starts' | 'interconnect' | 'billing'
                    | 'resources' | 'attributes' | 'each' ;
availabilityKeyword : 'target' | 'period' | 'partial' | 'unavailable' | 'ignore' | 'missing' | 'exclude'
                    | 'excluded' | 'no' | 'payout' | 'rounding' | 'terms' | 'where' | 'counted' ;
recoveryKeyword     : 'faults' | 'within' ;
compositeKeyword    : 'series' | 'parallel' ;
blockKeyword           : serviceKeyword | availabilityKeyword | recoveryKeyword | compositeKeyword ;
notServiceKeyword      : availabilityKeyword | recoveryKeyword | compositeKeyword | 'credit' | 'cap' | 'claim' ;
notAvailabilityKeyword : serviceKeyword | recoveryKeyword | compositeKeyword ;
notRecoveryKeyword     : serviceKeyword | availabilityKeyword | compositeKeyword | 'claim' ;
notCompositeKeyword    : serviceKeyword | recoveryKeyword | 'period' | 'partial' | 'unavailable' | 'ignore'
                       | 'missing' | 'exclude' | 'excluded' | 'no' | 'payout' | 'rounding' | 'terms' | 'where'
                       | 'counted' | 'credit' | 'cap' | 'claim' ;

// The body of an unknown item, skipped with up to three levels of braces.
looseBlock
    : '{' (~('{' | '}') | '{' (~('{' | '}') | '{' ~('{' | '}')* '}')* '}')* '}'
    ;

condition
    : 'under' 'load'                                                                 # UnderLoad
    | 'empty'                                                                        # Empty
    ;

claimBody
    : 'unverifiable'                                                                 # UnverifiableClaim
    | metric=word cmp=comparator value=quantity qualifiers+=claimQualifier*          # PredicateClaim
    ;

claimQualifier
    : 'single'                                                                       # SingleQualifier
    | 'aggregate'                                                                    # AggregateQualifier
    | 'period' spec=periodSpec                                                       # PeriodQualifier
    | 'faults' '(' faults+=word (',' faults+=word)* ')'                              # FaultsQualifier
    | cond=condition                                                                 # ConditionQualifier
    | 'for' service=word                                                             # ServiceQualifier
    ;

// A resource selector's operator: a comparator without `about`, and `!=`.
selectorOp
    : op=('>=' | '>' | '<=' | '<' | '=' | '!=')
    ;

comparator
    : op=('>=' | '>' | '<=' | '<' | '=' | 'about')
    ;

// A number with an optional unit: `99.9%`, `72 h`, `400 GB/s`, `4096 gpus`, `5000.00 CNY`.
quantity
    : number=NUMBER percent='%'                                                      # PercentQuantity
    | number=NUMBER (unit=unitWord ('/' per=unitWord)?)?                             # UnitQuantity
    ;

// A unit is a plain name or one of the few keywords that are units. Qualifier
// keywords (`single`, `under`, `per`, `for`...) are never units, so in
// `gpus >= 10000 single` the word `single` stays a qualifier.
unitWord
    : ID | 'day' | 'days' | 'hour' | 'minutes' | 'month' | 'months' | 'year'
    ;

// Every keyword may also serve as a name.
word
    : ID
    | 'about' | 'affected' | 'affects' | 'after' | 'aggregate' | 'all' | 'and' | 'any' | 'as'
    | 'at' | 'attributes' | 'availability' | 'available' | 'average' | 'averaged' | 'bad' | 'before' | 'below'
    | 'billing' | 'breach' | 'bucket' | 'buckets' | 'by' | 'calendar' | 'cap' | 'capacity'
    | 'cause' | 'charge' | 'claim' | 'clause' | 'clock' | 'cluster' | 'clusters' | 'commit' | 'component'
    | 'consecutive' | 'contract' | 'counts' | 'credit' | 'currency' | 'customer' | 'cycle'
    | 'data' | 'day' | 'days' | 'down' | 'downtime' | 'dropped' | 'each' | 'effective' | 'empty' | 'end'
    | 'error' | 'even' | 'exact' | 'exclude' | 'excluded' | 'fault' | 'faults' | 'fee' | 'for'
    | 'from' | 'half' | 'hour' | 'hourly' | 'ignore' | 'in' | 'incident' | 'interconnect'
    | 'least' | 'load' | 'lost' | 'maintenance' | 'matching' | 'measure' | 'minutes' | 'missing' | 'month'
    | 'monthly' | 'months' | 'more' | 'most' | 'no' | 'not' | 'notice' | 'of' | 'partial'
    | 'payout' | 'per' | 'period' | 'probes' | 'provider' | 'rate' | 'ratio' | 'recovery'
    | 'regions' | 'removed' | 'requests' | 'resources' | 'rolling' | 'rounded' | 'rounding' | 'scope'
    | 'service' | 'share' | 'shorter' | 'single' | 'starts' | 'success' | 'target' | 'targets'
    | 'terms' | 'than' | 'time' | 'timezone' | 'times' | 'to' | 'trailing' | 'under'
    | 'unavailable' | 'unverifiable' | 'up' | 'weighted' | 'when' | 'where' | 'window' | 'with'
    | 'within' | 'working' | 'year'
    // issue 17 (terms)
    | 'assessed' | 'else' | 'missed' | 'samples'
    // issue 15 (group-level clauses)
    | 'counted' | 'while' | 'run'
    // issue 17 (latency objectives)
    | 'latency'
    // issue 17 (credit tables that stop)
    | 'stated'
    // issue 17 (holiday calendars)
    | 'holidays'
    // issue 17 (composite SLAs)
    | 'composite' | 'series' | 'parallel'
    ;

// ---------------------------------------------------------------- lexer

DATE    : DIGIT DIGIT DIGIT DIGIT '-' DIGIT DIGIT '-' DIGIT DIGIT ;
TIME    : DIGIT DIGIT ':' DIGIT DIGIT ;
ORDINAL : DIGIT+ ('st' | 'nd' | 'rd' | 'th') ;
NUMBER  : DIGIT+ ('.' DIGIT+)? ;
ID      : [a-zA-Z_] [a-zA-Z_0-9]* ;

STRING  : '"' (~["\\\r\n] | '\\' ~[\r\n])* '"' ;

// Error production: a string that runs to the end of its line. The builder
// reports it as "unterminated string" instead of a cascade of token errors.
UNTERMINATED_STRING : '"' (~["\\\r\n] | '\\' ~[\r\n])* ;

// Error production: text in typographic quotes pasted from a word processor
// (U+201C...U+201D, or U+201E...U+201C), closed on its line or not. Reported once with the straight
// quotes to write, then parsed on as a string.
CURLY_STRING : [\u201C\u201E] ~["\u201C\u201D\r\n]* [\u201C\u201D]? ;

LINE_COMMENT  : '//' ~[\r\n]* -> channel(HIDDEN) ;
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN) ;

// Error production: a block comment that is never closed.
// It never contains `*/`, so it cannot out-match a closed comment.
UNTERMINATED_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'* EOF ;

WS : [ \t\r\n\f]+ -> channel(HIDDEN) ;

// Anything else is one bad character, reported by the builder with its code point.
BAD_CHAR : . ;

fragment DIGIT : [0-9] ;
