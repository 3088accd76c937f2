#!/usr/bin/env python3
"""One-off authoring aid for issue 14: writes the path files, schemas, parameters and examples of the legacy catalog
endpoints the spec did not hold, plus the coverage fixture. The committed YAML is the source of truth; this script only
produced its first draft. Run from the repository root: python3 tools/scripts/author-legacy-catalog.py <catalog index>
"""
import json
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / 'spec'
MCP = 'https://github.com/Laevitas/laevitas-mcp/blob/main/laevitas_server.py'
CATALOG = 'https://api.laevitas.ch/api/catalog/v2'
MS = 1795186800000  # 2026-11-18 09:00 UTC


def mcp(tool):
    return f'{MCP} (tool {tool})'


class Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data):
        return True

    def increase_indent(self, flow=False, indentless=False):
        return super().increase_indent(flow, False)


def str_repr(dumper, data):
    if len(data) > 100 or '\n' in data:
        return dumper.represent_scalar('tag:yaml.org,2002:str', data, style='>')
    return dumper.represent_scalar('tag:yaml.org,2002:str', data)


Dumper.add_representer(str, str_repr)


def dump(path, obj):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.dump(obj, Dumper=Dumper, sort_keys=False, width=118, allow_unicode=True))


def op_id(method):
    name = method[3:] if re.match(r'^get[A-Z]', method) else method
    parts = [p for p in name.split('_') if p]
    return 'getLegacy' + ''.join(p[0].upper() + p[1:] for p in parts)


def file_name(path):
    return path.lstrip('/').replace('/', '_').replace('.', '-') + '.yaml'


# ---------------------------------------------------------------------------------------------------------------
# Shared schemas and parameters
N = {'type': ['number', 'null']}
S = {'type': ['string', 'null']}


def num(desc):
    return {**N, 'description': desc}


def text(desc):
    return {**S, 'description': desc}


def untyped(desc):
    # A field published by name only: any JSON value, through the one named schema for such fields.
    return {'$ref': './UnpublishedValue.yaml', 'description': desc}


TYPES_NOTE = (
    'Types are not published, so numbers are typed as nullable numbers, fields of unknown type are any JSON value, and '
    'the object stays open.'
)

SCHEMAS = {}
EXAMPLES = {}
PARAMS = {}


def row(name, title_desc, fields, required, source):
    props = {}
    for key, spec in fields.items():
        spec = dict(spec)
        if key in required and spec.get('type') in (['number', 'null'], ['string', 'null']):
            spec['type'] = spec['type'][0]
        props[key] = spec
    SCHEMAS[name] = {
        'title': name,
        'description': f'{title_desc} {TYPES_NOTE}',
        'type': 'object',
        'required': required,
        'properties': props,
        'additionalProperties': True,
        'x-unpublished-shape': True,
        'x-source': source,
    }
    return {'$ref': f'./{name}.yaml'}


SCHEMAS['LegacyUnpublishedObject'] = {
    'title': 'LegacyUnpublishedObject',
    'description': (
        'An object of the legacy family whose members are not published by the service: no public client or '
        'documentation names them. It is typed as an open object.'
    ),
    'type': 'object',
    'additionalProperties': True,
    'x-unpublished-shape': True,
    'x-source': CATALOG,
}
SCHEMAS['LegacyOptionsMarket'] = {
    'title': 'LegacyOptionsMarket',
    'description': (
        'Lower-case market code of the legacy options analytics routes, for example `deribit`, `binance`, `bybit`, '
        '`coincall`, `okx`, or `aggregate` on the routes that sum the markets. The service does not publish the full '
        'set, so any lower-case code is accepted.'
    ),
    'type': 'string',
    'pattern': '^[a-z][a-z_]*$',
    'examples': ['deribit', 'okx', 'aggregate'],
    'x-source': CATALOG,
}
SCHEMAS['LegacyMaturityOrAll'] = {
    'title': 'LegacyMaturityOrAll',
    'description': 'An expiry code (`27MAR26`), or `all` for every expiry of the currency.',
    'anyOf': [{'$ref': './LegacyMaturity.yaml'}, {'type': 'string', 'const': 'all'}],
    'examples': ['27MAR26', 'all'],
    'x-source': CATALOG,
}
SCHEMAS['LegacyHours'] = {
    'title': 'LegacyHours',
    'description': 'Look-back window in whole hours, for example `1`, `24` or `168`.',
    'type': 'string',
    'pattern': '^[1-9][0-9]{0,4}$',
    'examples': ['1', '24', '168'],
    'x-source': CATALOG,
}
SCHEMAS['LegacyOptionInstrument'] = {
    'title': 'LegacyOptionInstrument',
    'description': (
        'Options instrument name: currency, expiry code, strike and `C` or `P`, joined by `-` '
        '(`BTC-26SEP25-110000-C`, `XRP-31JAN25-2.5-C`).'
    ),
    'type': 'string',
    'pattern': '^[A-Za-z0-9]+-(0?[1-9]|[12][0-9]|3[01])(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[0-9]{2}-[0-9]+(\\.[0-9]+)?-[CP]$',
    'examples': ['BTC-26SEP25-110000-C', 'XRP-31JAN25-2.5-C'],
    'x-source': CATALOG,
}
SCHEMAS['LegacyModelChartType'] = {
    'title': 'LegacyModelChartType',
    'description': 'Axis of a model chart: `delta` (points by delta) or `strike` (points by strike).',
    'type': 'string',
    'enum': ['delta', 'strike'],
    'x-source': mcp('getmodelskewcharts'),
}
SCHEMAS['LegacySingleTrade'] = {
    'title': 'LegacySingleTrade',
    'description': 'Whether to count single trades only: `true`/`false`, or `1`/`0`.',
    'type': 'string',
    'enum': ['true', 'false', '1', '0'],
    'x-source': mcp('gettopoptionsstrategies'),
}


def path_param(pname, desc, schema_ref, example, source=CATALOG, component=None):
    p = {'name': pname, 'in': 'path', 'required': True, 'description': desc, 'schema': schema_ref, 'example': example,
         'x-source': source}
    if component:
        PARAMS[component] = p
        return {'$ref': f'../../components/parameters/{component}.yaml'}
    return p


def comp_param(component, p):
    PARAMS[component] = p
    return {'$ref': f'../../components/parameters/{component}.yaml'}


def sref(name):
    return {'$ref': f'../schemas/{name}.yaml'}


P_OPT_MARKET = comp_param('LegacyOptionsMarketPath', {
    'name': 'market', 'in': 'path', 'required': True,
    'description': 'Lower-case market code (`deribit`, `binance`, `bybit`, `coincall`, `okx`; `aggregate` where the route sums the markets).',
    'schema': sref('LegacyOptionsMarket'), 'example': 'deribit', 'x-source': CATALOG})
P_UP_MARKET = comp_param('LegacyMarketPath', {
    'name': 'market', 'in': 'path', 'required': True,
    'description': 'Upper-case market code (for example `DERIBIT`, `BINANCE`, `BYBIT`, `OKX`); the accepted codes differ per route and are not published as a closed set.',
    'schema': sref('LegacyHistoricalMarketCode'), 'example': 'DERIBIT', 'x-source': CATALOG})
P_CCY = comp_param('LegacyAssetCurrencyPath', {
    'name': 'currency', 'in': 'path', 'required': True,
    'description': 'Currency ticker of the underlying asset (BTC, ETH, SOL, XRP, BNB, PAXG, …).',
    'schema': sref('LegacyCurrency'), 'example': 'BTC', 'x-source': CATALOG})
P_MAT = comp_param('LegacyMaturityPath', {
    'name': 'maturity', 'in': 'path', 'required': True, 'description': 'Expiry code (`27MAR26`).',
    'schema': sref('LegacyMaturity'), 'example': '27MAR26', 'x-source': CATALOG})
P_MAT_ALL = comp_param('LegacyMaturityOrAllPath', {
    'name': 'maturity', 'in': 'path', 'required': True, 'description': 'Expiry code (`27MAR26`), or `all` for every expiry.',
    'schema': sref('LegacyMaturityOrAll'), 'example': 'all', 'x-source': CATALOG})
P_HOURS = comp_param('LegacyHoursPath', {
    'name': 'hours', 'in': 'path', 'required': True, 'description': 'Look-back window in hours.',
    'schema': sref('LegacyHours'), 'example': '24', 'x-source': CATALOG})
P_OTYPE = comp_param('LegacyOptionTypePath', {
    'name': 'type', 'in': 'path', 'required': True, 'description': 'Option type, `C` call or `P` put.',
    'schema': sref('OptionType'), 'example': 'C', 'x-source': CATALOG})
P_CHART = comp_param('LegacyModelChartTypePath', {
    'name': 'type', 'in': 'path', 'required': True, 'description': 'Axis of the chart: `delta` or `strike`.',
    'schema': sref('LegacyModelChartType'), 'example': 'delta', 'x-source': mcp('getmodelskewcharts')})
P_INSTR = comp_param('LegacyOptionInstrumentPath', {
    'name': 'instrument', 'in': 'path', 'required': True, 'description': 'Options instrument name.',
    'schema': sref('LegacyOptionInstrument'), 'example': 'BTC-26SEP25-110000-C', 'x-source': CATALOG})
P_SYMBOL = {'$ref': '../../components/parameters/LegacySymbolPath.yaml'}
P_PERIOD = {'$ref': '../../components/parameters/LegacyOiChangePeriodPath.yaml'}
H = {k: {'$ref': f'../../components/parameters/LegacyHist{v}.yaml'} for k, v in
     {'start': 'Start', 'end': 'End', 'limit': 'Limit', 'page': 'Page', 'granularity': 'Granularity', 'legacy': 'Legacy'}.items()}


def inline_path(name, desc, examples, pattern='^[A-Za-z0-9_]+$'):
    return {'name': name, 'in': 'path', 'required': True, 'description': desc,
            'schema': {'type': 'string', 'pattern': pattern, 'examples': examples[:6]}, 'example': examples[0], 'x-source': CATALOG}


def query(name, desc, schema, example=None, required=False, source=CATALOG):
    p = {'name': name, 'in': 'query', 'required': required, 'description': desc, 'schema': schema}
    if example is not None:
        p['example'] = example
    p['x-source'] = source
    return p


# ---------------------------------------------------------------------------------------------------------------
# Rows named by public material
R = {}
R['vexp'] = row('LegacyOptionsVolumeByExpiryRow', 'Options volume of one expiry.', {
    'maturity': text('Expiry code.'), 'c': num('Volume of calls.'), 'p': num('Volume of puts.'),
    'notional_c': num('Notional volume of calls.'), 'notional_p': num('Notional volume of puts.'),
    'premium_c': num('Premium volume of calls.'), 'premium_p': num('Premium volume of puts.')},
    ['maturity'], mcp('getoptionsvolumebyexpiry'))
R['vstrike_all'] = row('LegacyOptionsVolumeByStrikeRow', 'Options volume at one strike, all expiries together.', {
    'strike': num('Strike price.'), 'c': num('Volume of calls.'), 'p': num('Volume of puts.'),
    'notional_c': num('Notional volume of calls.'), 'notional_p': num('Notional volume of puts.')},
    ['strike'], f"{mcp('getoptionsvolumebystrike')}; public facts b.2")
R['vstrike'] = row('LegacyOptionsStrikeVolumeRow', 'Options 24-hour volume at one strike of one expiry. One public client names `strike` on these rows, another does not list it, so it is optional.', {
    'strike': num('Strike price.'), 'c': num('Volume of calls.'), 'p': num('Volume of puts.'),
    'notional_c': num('Notional volume of calls.'), 'notional_p': num('Notional volume of puts.'),
    'premium_c': num('Premium volume of calls.'), 'premium_p': num('Premium volume of puts.')},
    ['c', 'p'], f"{mcp('getoptions24hvolumebystrike')}; public facts b.2")
BS = {'strike': num('Strike price.')}
for side, word in (('c', 'calls'), ('p', 'puts')):
    BS[f'{side}_buy'] = num(f'Volume of {word} bought.')
    BS[f'{side}_sell'] = num(f'Volume of {word} sold.')
for side, word in (('c', 'calls'), ('p', 'puts')):
    BS[f'{side}_buy_premium'] = num(f'Premium paid for {word} bought.')
    BS[f'{side}_sell_premium'] = num(f'Premium received for {word} sold.')
for side, word in (('c', 'calls'), ('p', 'puts')):
    BS[f'{side}_buy_notional'] = num(f'Notional of {word} bought.')
    BS[f'{side}_sell_notional'] = num(f'Notional of {word} sold.')
R['buysell'] = row('LegacyOptionsBuySellRow', 'Options volume at one strike split into buys and sells.', BS, ['strike'],
                   f"{mcp('getoptionsvolumebysell')}; {mcp('getoptionsvolumebysellactivity')}")
R['gex'] = row('LegacyOptionsGexRow', 'Gamma exposure (GEX) at one strike for one option type.', {
    'strike': num('Strike price.'), 'optionType': text('Option type, `call` or `put`.'), 'gex': num('Gamma exposure.')},
    ['strike'], f"{mcp('getoptionsgexbydate')}; public facts b.2")
R['ivpoint'] = row('LegacyOptionsIvHistoryPoint', 'Implied volatility of one strike at one time.', {
    'date': untyped('Time of the value.'), 'iv': num('Implied volatility in percentage points.')},
    ['date'], mcp('getoptionsimpliedvolatilitybystrike'))
R['oistrike'] = row('LegacyOptionsOiByStrikeRow', 'Options open interest at one strike.', {
    'strike': num('Strike price.'), 'c': num('Open interest of calls.'), 'p': num('Open interest of puts.'),
    'notional_c': num('Notional open interest of calls.'), 'notional_p': num('Notional open interest of puts.'),
    'premium_c': num('Premium value of the call open interest.'), 'premium_p': num('Premium value of the put open interest.'),
    'intrinsic': num('Intrinsic value; not present on every row.')},
    ['strike'], f"{mcp('getoptionsopeninterestbystrike')}; public facts b.2")
R['netchange'] = row('LegacyOptionsOiNetChangeRow', 'Net change of options open interest at one strike over the window.', {
    'strike': num('Strike price.'), 'C': num('Net change of call open interest.'), 'C_premium': num('Net change of call premium value.'),
    'C_notional': num('Net change of call notional.'), 'P': num('Net change of put open interest.'),
    'P_premium': num('Net change of put premium value.'), 'P_notional': num('Net change of put notional.')},
    ['strike'], f"{mcp('getoptionsopeninterestnetchangeforallstrikes')}; {mcp('getoinetchange')}")
R['topoi'] = row('LegacyOptionsTopInstrumentOiChangeRow', 'Open-interest change of one options instrument.', {
    'instrument': text('Instrument name.'), 'open_interest': num('Current open interest.'),
    'oi_change_notional': num('Net change of notional.'), 'oi_change_premium': num('Net change of premium value.')},
    ['instrument'], mcp('gettopinstrumentswithoptionsopeninterestchange'))
R['greeks'] = row('LegacyOptionsGreeksRow', 'Greeks of the option at one strike.', {
    'strike': num('Strike price.'), 'underlying_price': num('Price of the underlying.'), 'delta': num('Delta.'),
    'gamma': num('Gamma.'), 'theta': num('Theta.'), 'vega': num('Vega.')}, ['strike'], mcp('getoptionsgreeks'))
R['ivall'] = row('LegacyOptionsStrikeIvRow', 'Implied volatilities of the option at one strike, in percentage points.', {
    'strike': num('Strike price.'), 'mark_iv': num('Mark implied volatility.'), 'bid_iv': num('Bid implied volatility.'),
    'ask_iv': num('Ask implied volatility.'), 'delta': num('Delta.')}, ['strike'], mcp('getoptionsivall'))
R['instr'] = row('LegacyOptionsInstrumentRow', 'One listed options instrument.', {
    'market': text('Market code.'), 'currency': text('Currency of the underlying.'), 'maturity': text('Expiry code.'),
    'strike': num('Strike price.'), 'option_type': text('Option type.'), 'instrument': text('Instrument name.')},
    ['instrument'], mcp('getoptionsinstruments'))
R['expired'] = row('LegacyExpiredOptionExpiryRow', 'One option of an expired expiry, at settlement.', {
    'Date': untyped('Expiry date.'), 'Strike': num('Strike price.'), 'OptionType': text('Option type.'),
    'mark_price': num('Mark price.'), 'mark_price_usd': num('Mark price in USD.'), 'position': num('Position value.'),
    'index_price': num('Index price at expiry.')}, ['Strike'], mcp('getexpiredoptionexpiries'))
R['skewpt'] = row('LegacyModelSkewPoint', 'One point of a model skew curve: `delta` on a delta chart, `strike` on a strike chart.', {
    'delta': num('Delta of the point (delta charts).'), 'strike': num('Strike of the point (strike charts).'),
    'iv': num('Implied volatility in percentage points.')}, ['iv'], f"{mcp('getmodelskewcharts')}; public facts b.2")
VR = {'expiry': text('Expiry.'), 'forward': num('Forward price.'), 'atm_spot_iv': num('ATM spot implied volatility.')}
for kind, word in (('skew', 'Skew'), ('rr', 'Risk reversal'), ('fly', 'Butterfly')):
    for d in ('10d', '15d', '25d', '35d'):
        VR[f'{kind}_{d}'] = num(f'{word} at {d[:-1]} delta.')
R['volrun'] = row('LegacyModelVolRunRow', 'Model volatility run of one expiry.', VR, ['expiry'], f"{mcp('getmodelvolatilityruncharts')}; public facts b.2")
R['fwd'] = row('LegacyModelForwardCurvePoint', 'One point of the model forward curve.', {
    'forward': num('Forward price.'), 'ttm': num('Time to maturity.')}, ['ttm'], mcp('getmodelforwardcurvechart'))
R['tenoriv'] = row('LegacyModelTenorIvPoint', 'ATM implied volatility at one time to maturity.', {
    'ttm': num('Time to maturity.'), 'iv': num('Implied volatility in percentage points.')}, ['ttm'],
    f"{mcp('getmodeltermstructureatmchart')}; public facts b.2")
R['expiv'] = row('LegacyModelExpiryIvPoint', 'Implied volatility at one expiry.', {
    'expiry': text('Expiry.'), 'iv': num('Implied volatility in percentage points.')}, ['expiry'],
    f"{mcp('getmodeltermstructureatmchart')}; public facts b.2")
SCHEMAS['LegacyModelTermStructureAtm'] = {
    'title': 'LegacyModelTermStructureAtm',
    'description': f'Model ATM term structure, by time to maturity (`tenor`) and by listed expiry (`expiry`). {TYPES_NOTE}',
    'type': 'object', 'required': ['tenor', 'expiry'],
    'properties': {'tenor': {'type': 'array', 'items': R['tenoriv']}, 'expiry': {'type': 'array', 'items': R['expiv']}},
    'additionalProperties': True, 'x-unpublished-shape': True,
    'x-source': f"{mcp('getmodeltermstructureatmchart')}; public facts b.2"}
SCHEMAS['LegacyModelTermStructureByAxis'] = {
    'title': 'LegacyModelTermStructureByAxis',
    'description': f'Model term structure keyed by the chart axis: `delta` on a delta chart, `strike` on a strike chart; each an array of expiry points. {TYPES_NOTE}',
    'type': 'object',
    'properties': {'delta': {'type': 'array', 'items': R['expiv']}, 'strike': {'type': 'array', 'items': R['expiv']}},
    'additionalProperties': True, 'x-unpublished-shape': True, 'x-source': mcp('getmodeltermstructurechart')}
R['skewrow'] = row('LegacyOptionsSkewRow', 'One point of an options skew of one market and currency.', {
    'market': text('Market code.'), 'currency': text('Currency of the underlying.'), 'strike': num('Strike price.'),
    'delta': num('Delta.'), 'iv': num('Implied volatility in percentage points.')}, ['market', 'currency'],
    f"{mcp('getoptionsskewbycurrencyandmaturity')}; {mcp('getoptionsskewbymarketandmaturity')}; {mcp('getoptionsskewbymarketandcurrency')}")
R['mktiv'] = row('LegacyOptionsMarketIvRow', 'Implied volatility of one expiry of one market and currency.', {
    'market': text('Market code.'), 'currency': text('Currency of the underlying.'), 'maturity': text('Expiry code.'),
    'iv': num('Implied volatility in percentage points.')}, ['market', 'currency', 'maturity'],
    f"{mcp('getoptionsivbycurrency')}; {mcp('getoptionsivbymarket')}")
R['mativ'] = row('LegacyOptionsMaturityIvPoint', 'ATM implied volatility of one expiry.', {
    'maturity': text('Expiry code.'), 'iv': num('ATM implied volatility in percentage points.')}, ['maturity'],
    f"{mcp('getethbtcatmivtermstructure')}; public facts b.2")
R['oichg_strike'] = row('LegacyOptionsOiChangeByStrikeRow', 'Open-interest change at one strike and time.', {
    'date': {'type': 'integer', 'minimum': 0, 'description': 'Epoch milliseconds.'}, 'strike': num('Strike price.'),
    'open_interest': num('Open interest.'), 'total_notional_change': num('Total notional change.'),
    'open_interest_change': num('Change of open interest.'), 'open_interest_change_percent': num('Change of open interest in percent.'),
    'strike_index': num('Index of the strike on the chart grid.'), 'date_index': num('Index of the time on the chart grid.'),
    'intensity': num('Intensity of the change.')}, ['date'], mcp('getoichangebystrike'))
LEG = {'date': {'type': 'integer', 'minimum': 0, 'description': 'Epoch milliseconds.'},
       'oi_change': num('Change of open interest.'), 'iv': num('Implied volatility in percentage points.'),
       'amount': num('Amount traded.'), 'index_price': num('Index price.'), 'instrument_name': text('Instrument name.'),
       'maturity': text('Expiry code.'), 'strike': num('Strike price.'), 'direction': text('Trade direction, `buy` or `sell`.'),
       'total_notional': num('Total notional.'), 'total_premium': num('Total premium.'),
       'total_premium_usd': num('Total premium in USD.'), 'strategy_name': text('Strategy name.'),
       'block_trade_id': text('Block trade identifier, if any.'), 'level': untyped('Trade level relative to the bid.'),
       'mark_price': num('Mark price.'), 'ask_price': num('Ask price.'), 'bid_price': num('Bid price.'),
       'ask_size': num('Ask size.'), 'bid_size': num('Bid size.'), 'delta': num('Delta.'), 'gamma': num('Gamma.'),
       'vega': num('Vega.'), 'theta': num('Theta.')}
R['leg'] = row('LegacyOptionsStrategyLegRow', 'One leg of a detected options strategy trade.', LEG, ['date'],
               f"{mcp('gettopoptionsstrategies')}; {mcp('getstrategylegbubblechart')}")
R['oisum'] = row('LegacyOptionsOiChangeSummaryRow', 'Summary of the open-interest change of the options of one currency.', {
    'markets': {'type': ['array', 'null'], 'items': {'type': 'string'}, 'description': 'Market codes included.'},
    'ticker': text('Ticker symbol.'), 'open_interest': num('Total open interest.'),
    'open_interest_notional': num('Notional open interest.'), 'open_interest_change_usd': num('Change in USD.'),
    'open_interest_notional_change': num('Change of notional.')}, ['ticker'], mcp('getopeninterestchangesummary'))
R['orbit'] = row('LegacyOrbitAltVolRow', 'Alternative-volatility metrics of one tenor (the keys contain spaces).', {
    '10D FLY': num('10-delta butterfly.'), '10D RR': num('10-delta risk reversal.'), '25D FLY': num('25-delta butterfly.'),
    '25D RR': num('25-delta risk reversal.'), 'ATM': num('ATM volatility.'), 'tenor': untyped('Tenor.')},
    ['tenor'], mcp('getanalyticoptionsorbitaltvol'))
R['toptraded'] = row('LegacyTopTradedOptionRow', 'One of the most traded options instruments.', {
    'instrument': text('Instrument name.'), 'volume': num('Volume.'), 'volume_usd': num('Volume in USD.'),
    'mark_price': num('Mark price.'), 'premium': num('Premium.')}, ['instrument'], 'public facts b.2')
R['trade'] = row('LegacyHistoricalOptionsTradeRow', 'One archived options trade.', {
    'id': untyped('Row identifier.'), 'market': text('Market of the trade.'), 'currency': text('Currency of the underlying.'),
    'option_type': text('Option type.'), 'maturity': text('Expiry code.'),
    'date': {'type': 'integer', 'minimum': 0, 'description': 'Epoch milliseconds of the trade.'},
    'index_price': num('Index price at the trade.'), 'strike': num('Strike price.'), 'mark_price': num('Mark price at the trade.'),
    'implied_vol': num('Implied volatility of the trade in percentage points.'), 'trade_seq': num('Sequence number of the trade.'),
    'trade_id': untyped('Trade identifier.'),
    'liquidation': {'type': ['integer', 'null'], 'enum': [0, 1, None], 'description': '1 when the trade was a liquidation, else 0.'},
    'block_trade_id': text('Block trade identifier, if any.'), 'tick_direction': untyped('Direction of the price tick.'),
    'price': num('Trade price.'), 'direction': {'type': ['integer', 'null'], 'enum': [0, 1, None], 'description': '0 buy, 1 sell.'},
    'amount': num('Amount traded.')}, ['date'], f"{mcp('gethistoricaloptionstrades')}; public facts b.2")
SCHEMAS['LegacyOptionsBreakdown'] = {
    'title': 'LegacyOptionsBreakdown',
    'description': f'Breakdown of options notional and open value, each a map from market (or currency) to its value. {TYPES_NOTE}',
    'type': 'object', 'required': ['notional', 'open_value'],
    'properties': {
        'notional': {'type': 'object', 'description': 'Notional value per market or currency.', 'additionalProperties': N},
        'open_value': {'type': 'object', 'description': 'Open value per market or currency.', 'additionalProperties': N}},
    'additionalProperties': True, 'x-unpublished-shape': True,
    'x-source': f"{mcp('getoptionsoibreakdown')}; {mcp('getoptionsvolumebreakdownbycurrency')}"}

OPEN_ROW = {'$ref': './LegacyUnpublishedObject.yaml'}
HIST_ROW = {'$ref': './LegacyHistoricalRow.yaml'}
PERIODS = ['Today', 'Yesterday', '2 Days Ago', '1 Week Ago', '2 Weeks Ago', '3 Weeks Ago', '1 Month Ago']
PERIOD_NOTE = 'Keys are look-back labels: `Today`, `Yesterday`, `2 Days Ago`, `1 Week Ago`, `2 Weeks Ago`, `3 Weeks Ago`, `1 Month Ago`.'

# ---------------------------------------------------------------------------------------------------------------
# Example rows
EX = {
    'vexp': [{'maturity': '27NOV26', 'c': 1520.4, 'p': 980.1, 'notional_c': 139871234.5, 'notional_p': 90163210.2, 'premium_c': 41.25, 'premium_p': 28.7},
             {'maturity': '25DEC26', 'c': 2210.0, 'p': 1433.5, 'notional_c': 203307100.0, 'notional_p': 131875400.0, 'premium_c': 77.9, 'premium_p': 51.2}],
    'vstrike_all': [{'strike': 90000, 'c': 410.5, 'p': 655.2, 'notional_c': 37763900.0, 'notional_p': 60274800.0},
                    {'strike': 95000, 'c': 820.0, 'p': 302.7, 'notional_c': 75435800.0, 'notional_p': 27847000.0}],
    'vstrike': [{'strike': 90000, 'c': 120.5, 'p': 240.1, 'notional_c': 11085700.0, 'notional_p': 22087800.0, 'premium_c': 6.1, 'premium_p': 4.9},
                {'strike': 95000, 'c': 310.0, 'p': 95.4, 'notional_c': 28518600.0, 'notional_p': 8776300.0, 'premium_c': 9.8, 'premium_p': 3.2}],
    'buysell': [{'strike': 90000, 'c_buy': 120.0, 'c_sell': 95.5, 'p_buy': 300.2, 'p_sell': 210.0, 'c_buy_premium': 6.2, 'c_sell_premium': 4.9,
                 'p_buy_premium': 5.1, 'p_sell_premium': 3.6, 'c_buy_notional': 11039300.0, 'c_sell_notional': 8785400.0,
                 'p_buy_notional': 27617800.0, 'p_sell_notional': 19319000.0}],
    'gex': [{'strike': 90000, 'optionType': 'put', 'gex': -1250000.5}, {'strike': 95000, 'optionType': 'call', 'gex': 2310400.0}],
    'ivpoint': [{'date': MS - 3600000, 'iv': 48.2}, {'date': MS, 'iv': 48.9}],
    'oistrike': [{'strike': 90000, 'c': 1850.2, 'p': 4120.7, 'notional_c': 170203000.0, 'notional_p': 379077000.0, 'premium_c': 95.4, 'premium_p': 60.3, 'intrinsic': 38.1},
                 {'strike': 95000, 'c': 3320.0, 'p': 1210.4, 'notional_c': 305420000.0, 'notional_p': 111349000.0, 'premium_c': 120.6, 'premium_p': 35.2}],
    'netchange': [{'strike': 90000, 'C': 35.2, 'C_premium': 1.1, 'C_notional': 3238100.0, 'P': -12.5, 'P_premium': -0.4, 'P_notional': -1149900.0}],
    'topoi': [{'instrument': 'BTC-25DEC26-100000-C', 'open_interest': 5120.3, 'oi_change_notional': 21350000.0, 'oi_change_premium': 18.4},
              {'instrument': 'BTC-27NOV26-85000-P', 'open_interest': 2980.0, 'oi_change_notional': -9650000.0, 'oi_change_premium': -6.1}],
    'greeks': [{'strike': 90000, 'underlying_price': 92150.5, 'delta': 0.58, 'gamma': 0.00004, 'theta': -62.3, 'vega': 118.7},
               {'strike': 95000, 'underlying_price': 92150.5, 'delta': 0.41, 'gamma': 0.00004, 'theta': -60.8, 'vega': 121.4}],
    'ivall': [{'strike': 90000, 'mark_iv': 47.8, 'bid_iv': 47.1, 'ask_iv': 48.5, 'delta': 0.58},
              {'strike': 95000, 'mark_iv': 46.9, 'bid_iv': 46.3, 'ask_iv': 47.6, 'delta': 0.41}],
    'instr': [{'market': 'DERIBIT', 'currency': 'BTC', 'maturity': '25DEC26', 'strike': 100000, 'option_type': 'C', 'instrument': 'BTC-25DEC26-100000-C'},
              {'market': 'DERIBIT', 'currency': 'BTC', 'maturity': '25DEC26', 'strike': 100000, 'option_type': 'P', 'instrument': 'BTC-25DEC26-100000-P'}],
    'expired': [{'Date': '31DEC21', 'Strike': 45000, 'OptionType': 'C', 'mark_price': 0.0318, 'mark_price_usd': 1465.2, 'position': 1520.0, 'index_price': 46219.4},
                {'Date': '31DEC21', 'Strike': 50000, 'OptionType': 'P', 'mark_price': 0.0818, 'mark_price_usd': 3780.6, 'position': 980.5, 'index_price': 46219.4}],
    'skewpt': [{'delta': 0.25, 'iv': 46.1}, {'delta': 0.5, 'iv': 44.8}, {'delta': 0.75, 'iv': 45.9}],
    'volrun': [{'expiry': '25DEC26', 'forward': 92810.5, 'atm_spot_iv': 45.2, 'skew_10d': 3.1, 'skew_15d': 2.6, 'skew_25d': 1.8, 'skew_35d': 0.9,
                'rr_10d': -3.1, 'rr_15d': -2.6, 'rr_25d': -1.8, 'rr_35d': -0.9, 'fly_10d': 2.4, 'fly_15d': 1.7, 'fly_25d': 0.9, 'fly_35d': 0.3}],
    'fwd': [{'forward': 92410.0, 'ttm': 0.0274}, {'forward': 93120.5, 'ttm': 0.1068}],
    'skewrow': [{'market': 'DERIBIT', 'currency': 'BTC', 'strike': 90000, 'delta': 0.58, 'iv': 47.8},
                {'market': 'DERIBIT', 'currency': 'BTC', 'strike': 95000, 'delta': 0.41, 'iv': 46.9}],
    'mktiv': [{'market': 'DERIBIT', 'currency': 'BTC', 'maturity': '27NOV26', 'iv': 44.1},
              {'market': 'DERIBIT', 'currency': 'BTC', 'maturity': '25DEC26', 'iv': 45.3}],
    'oichg_strike': [{'date': MS, 'strike': 90000, 'open_interest': 4120.7, 'total_notional_change': 1150000.0, 'open_interest_change': 12.5,
                      'open_interest_change_percent': 0.3, 'strike_index': 4, 'date_index': 23, 'intensity': 0.42}],
    'leg': [{'date': MS, 'oi_change': 25.0, 'iv': 46.2, 'amount': 25.0, 'index_price': 92150.5, 'instrument_name': 'BTC-25DEC26-100000-C',
             'maturity': '25DEC26', 'strike': 100000, 'direction': 'buy', 'total_notional': 2303762.5, 'total_premium': 0.9,
             'total_premium_usd': 82935.5, 'strategy_name': 'CALL_SPREAD', 'block_trade_id': 'BLOCK-418220', 'level': 'above bid',
             'mark_price': 0.0358, 'ask_price': 0.0365, 'bid_price': 0.035, 'ask_size': 12.0, 'bid_size': 8.5,
             'delta': 0.38, 'gamma': 0.00003, 'vega': 120.5, 'theta': -58.2}],
    'oisum': [{'markets': ['DERIBIT', 'OKX', 'BYBIT'], 'ticker': 'BTC', 'open_interest': 412500.2, 'open_interest_notional': 38012000000.0,
               'open_interest_change_usd': 185000000.0, 'open_interest_notional_change': 2010.5}],
    'oichg': [{'symbol': 'BTC-25DEC26-100000-C', 'open_interest': 5120.3, 'open_interest_notional': 471830000.0,
               'open_interest_change_usd': 21350000.0, 'open_interest_notional_change': 231.7}],
    'orbit': [{'tenor': '1M', '10D FLY': 3.2, '10D RR': -2.1, '25D FLY': 1.1, '25D RR': -0.8, 'ATM': 72.5}],
    'toptraded': [{'instrument': 'BTC-25DEC26-100000-C', 'volume': 1520.0, 'volume_usd': 140070000.0, 'mark_price': 0.0358, 'premium': 54.4}],
    'trade': [{'id': 918273645, 'market': 'DERIBIT', 'currency': 'BTC', 'option_type': 'C', 'maturity': '25DEC26', 'date': MS,
               'index_price': 92150.5, 'strike': 100000, 'mark_price': 0.0358, 'implied_vol': 46.2, 'trade_seq': 10452,
               'trade_id': '341827401', 'liquidation': 0, 'block_trade_id': None, 'tick_direction': 1, 'price': 0.036,
               'direction': 0, 'amount': 2.5}],
}
LIVE = lambda rows: {'date': MS, 'data': rows}
HIST_EX = {'meta': {'total': 48, 'page': 1, 'items': 2, 'total_pages': 24}, 'items': [{'date': MS - 3600000}, {'date': MS}]}

# kinds: ('rows', key) live envelope with named rows; ('data', schema, example) live envelope with a data schema;
# ('hist', rowref, example) historical envelope; ('bare', key) top-level array; ('open',) open body.
K = {}
A = '/analytics/options/'
K[A + 'atm_iv_ts/{market}/{currency}'] = ('data', None, [])
K[A + 'gex_date_all/{market}/{currency}'] = ('rows', 'gex')
K[A + 'maturities/{market}/{currency}'] = ('data', None, [])
K[A + 'oi_expiry/{market}/{currency}'] = ('data', None, [])
K[A + 'oi_strike_all/{market}/{currency}'] = ('rows', 'oistrike')
K[A + 'oi_type/{market}/{currency}'] = ('data', None, [])
K[A + 'top_traded_option/{market}/{currency}'] = ('rows', 'toptraded')
K[A + 'v_expiry/{market}/{currency}'] = ('rows', 'vexp')
K[A + 'v_strike_all/{market}/{currency}'] = ('rows', 'vstrike_all')
K[A + 'volume_buy_sell_all/{market}/{currency}'] = ('rows', 'buysell')
K[A + 'gex_date/{market}/{currency}/{maturity}'] = ('rows', 'gex')
K[A + 'iv_strike/{market}/{currency}/{strike}'] = ('rows', 'ivpoint')
K[A + 'oi_strike/{market}/{currency}/{maturity}'] = ('rows', 'oistrike')
K[A + 'oi_net_change_all/{market}/{currency}/{hours}'] = ('rows', 'netchange')
K[A + 'top_instrument_oi_change/{market}/{currency}/{hours}'] = ('rows', 'topoi')
K[A + 'volume_buy_sell/{market}/{currency}/{maturity}'] = ('rows', 'buysell')
K[A + 'v_strike/{market}/{currency}/{maturity}'] = ('rows', 'vstrike')
K[A + 'summary_trades/{market}/{currency}/{hours}'] = ('data', OPEN_ROW, {})
K[A + 'greeks/{market}/{currency}/{maturity}/{type}'] = ('rows', 'greeks')
K[A + 'iv_all/{market}/{currency}/{maturity}/{type}'] = ('rows', 'ivall')
K[A + 'iv_table/{market}/{currency}'] = ('data', {'type': 'array', 'items': OPEN_ROW}, [])
K[A + 'oi_net_change/{market}/{currency}/{maturity}/{hours}'] = ('rows', 'netchange')
K[A + 'snapshot/{market}/{currency}'] = ('data', OPEN_ROW, {})
K[A + 'Instruments'] = ('rows', 'instr')
BD = {'notional': {'DERIBIT': 31250000000.0, 'OKX': 2150000000.0, 'BYBIT': 1320000000.0},
      'open_value': {'DERIBIT': 1720000000.0, 'OKX': 98000000.0, 'BYBIT': 61000000.0}}
BDC = {'notional': {'BTC': 28410000000.0, 'ETH': 6120000000.0}, 'open_value': {'BTC': 1550000000.0, 'ETH': 329000000.0}}
K[A + 'oi_breakdown'] = ('data', {'$ref': './LegacyOptionsBreakdown.yaml'}, BD)
K[A + 'volume_breakdown'] = ('data', {'$ref': './LegacyOptionsBreakdown.yaml'}, BD)
K[A + 'oi_breakdown_by_currency'] = ('data', {'$ref': './LegacyOptionsBreakdown.yaml'}, BDC)
K[A + 'volume_breakdown_by_currency'] = ('data', {'$ref': './LegacyOptionsBreakdown.yaml'}, BDC)
K[A + 'expired_expiries/{market}/{currency}'] = ('rows', 'expired')
K[A + 'custom_change/{name}/{market}/{currency}'] = ('data', OPEN_ROW, {})
SKEW_DATA = {'anyOf': [{'type': 'array', 'items': R['skewpt']},
                       {'type': 'object', 'description': 'With maturity `all`: the points of each expiry, keyed by expiry code.',
                        'additionalProperties': {'type': 'array', 'items': R['skewpt']}}]}
K[A + 'model_charts/skew/{currency}/{maturity}/{type}'] = ('data', SKEW_DATA, EX['skewpt'])
K[A + 'model_charts/vol_run/{currency}/{maturity}'] = ('rows', 'volrun')
K[A + 'model_charts/skew/{currency}/{maturity}/{type}/time_lapse'] = (
    'data', {'type': 'object', 'description': f'Skew points per look-back. {PERIOD_NOTE}', 'additionalProperties': {'type': 'array', 'items': R['skewpt']}},
    {'Today': EX['skewpt'][:2], '1 Week Ago': [{'delta': 0.25, 'iv': 44.0}, {'delta': 0.5, 'iv': 43.1}]})
K[A + 'model_charts/forward_curve/{currency}'] = ('rows', 'fwd')
TS_EX = {'tenor': [{'ttm': 0.0833, 'iv': 44.2}, {'ttm': 0.25, 'iv': 46.0}], 'expiry': [{'expiry': '27NOV26', 'iv': 44.1}, {'expiry': '25DEC26', 'iv': 45.3}]}
K[A + 'model_charts/term_structure_atm/{currency}'] = ('data', {'$ref': './LegacyModelTermStructureAtm.yaml'}, TS_EX)
K[A + 'model_charts/term_structure_atm/{currency}/time_lapse'] = (
    'data', {'type': 'object', 'description': f'ATM term structure per look-back. {PERIOD_NOTE}', 'additionalProperties': {'$ref': './LegacyModelTermStructureAtm.yaml'}},
    {'Today': TS_EX, 'Yesterday': {'tenor': [{'ttm': 0.0861, 'iv': 43.8}], 'expiry': [{'expiry': '27NOV26', 'iv': 43.9}]}})
K[A + 'model_charts/term_structure/{currency}/{type}'] = (
    'data', {'$ref': './LegacyModelTermStructureByAxis.yaml'}, {'delta': [{'expiry': '27NOV26', 'iv': 44.1}, {'expiry': '25DEC26', 'iv': 45.3}]})
K[A + 'skew_currency/{currency}/{maturity}'] = ('rows', 'skewrow')
K[A + 'skew_market/{market}/{maturity}'] = ('rows', 'skewrow')
K[A + 'iv_currency/{currency}'] = ('rows', 'mktiv')
K[A + 'iv_market/{market}'] = ('rows', 'mktiv')
K[A + 'eth-btc_atm_iv_term_structure'] = (
    'data', {'type': 'object', 'description': f'ETH minus BTC ATM implied volatility per expiry, per look-back. {PERIOD_NOTE}',
             'additionalProperties': {'type': 'array', 'items': R['mativ']}},
    {'Today': [{'maturity': '27NOV26', 'iv': 8.4}, {'maturity': '25DEC26', 'iv': 7.9}], 'Yesterday': [{'maturity': '27NOV26', 'iv': 8.1}]})
K[A + 'skew/{market}/{currency}'] = ('rows', 'skewrow')
K[A + 'options_strategy/oi_change_by_strike/{currency}/{market}'] = ('bare', 'oichg_strike')
K[A + 'options_strategy/top_options_strategies/{currency}/{hours_interval}/{single_trade}'] = ('bare', 'leg')
K[A + 'options_strategy/strategy_leg_bubble_chart/{currency}'] = ('bare', 'leg')
K[A + 'open_interest_change_summary/{currency}/{period}'] = ('rows', 'oisum')
K[A + 'open_interest_change/{market}/{currency}/{period}'] = ('rowsref', {'$ref': './LegacyOiChangeRow.yaml'}, 'oichg')
K[A + 'orbit_alt_vol/{currency}'] = ('rows', 'orbit')
K['/analytics/spot/spot_pairs/{market}'] = ('data', None, [])
for p in ('/pricer/risk_slide/{market}/{currency}', '/pricer/risk_slide_instruments/{market}', '/pricer/v2/risk_slide/{market}/{currency}',
          '/pricer/v2/risk_slide_instruments/{market}', '/historical/options/oi_strike/{market}/{currency}/{maturity}',
          '/historical/options/volume_strike/{market}/{currency}/{maturity}'):
    K[p] = ('open',)
K['/historical/options/trades/{market}/{currency}'] = ('hist', R['trade'], {'meta': {'total': 1840, 'page': 1, 'items': 1, 'total_pages': 1840}, 'items': EX['trade']})

EXCLUDED = {
    '/apis/verify/{access}/{key}': 'Not market data: it checks an API key, and it carries the key in the URL path, where proxies and logs record it. The catalog gives no description or response for it.',
    '/pricer/price': 'Neither its HTTP method nor its inputs are published: the catalog lists no parameters for an operation that prices an option strategy "based on the provided input parameters".',
}

TAGS = [
    ('/analytics/options/', 'Legacy options'), ('/historical/options/', 'Legacy historical options'),
    ('/historical/futures/', 'Legacy historical futures'), ('/V2/historical/futures/', 'Legacy historical futures'),
    ('/historical/orderbooks/', 'Legacy order books'), ('/pricer/', 'Legacy pricer'), ('/analytics/spot/', 'Legacy spot'),
    ('/historical/spot/', 'Legacy spot'),
]


def tag_of(path):
    return next(t for prefix, t in TAGS if path.startswith(prefix))


def path_params_for(e):
    path, pp = e['path'], e['path_params']
    out = []
    for name in re.findall(r'\{([^}]+)\}', path):
        ex = [v for v in (pp.get(name) or []) if v != 'undefined']
        if name == 'market':
            if path.startswith(A + 'options_strategy/'):
                out.append(inline_path('market', 'Market name; the catalog spells it `Deribit`.', ['Deribit'], '^[A-Za-z][A-Za-z_]*$'))
            elif ex and all(v == v.lower() for v in ex):
                out.append(P_OPT_MARKET)
            else:
                out.append(P_UP_MARKET)
        elif name == 'currency':
            out.append(P_CCY)
        elif name == 'maturity':
            out.append(P_MAT_ALL if 'all' in ex else P_MAT)
        elif name == 'hours':
            out.append(P_HOURS)
        elif name == 'period' and path.startswith(A):
            out.append(P_PERIOD)
        elif name == 'type':
            if path.startswith(A + 'model_charts/'):
                out.append(P_CHART)
            elif path.startswith(A):
                out.append(P_OTYPE)
            elif '/actual_vol/' in path:
                out.append(inline_path('type', 'Delta level of the model, for example `25`.', ex, '^[0-9]{1,2}$'))
            elif '/iv_bid_ask/' in path:
                out.append(inline_path('type', 'Option side and level, for example `C_25`, `P_10` or `C_ATM`.', ex, '^[CP]_[A-Z0-9]+$'))
            elif '/gamma_bands/' in path:
                out.append(inline_path('type', 'Band horizon, for example `1D`, `7D` or `30D`.', ex, '^[0-9]+D$'))
            elif '/atm_iv_model/' in path:
                out.append(inline_path('type', 'A delta level and side (`25C`, `10P`) or a model parameter (`ATM`, `SLOPE`, `YIELD`).', ex, '^([0-9]{1,2}[CP]|[A-Z]+)$'))
            else:
                out.append(inline_path('type', 'Delta level, for example `25D` or `10D`.', ex, '^[0-9]{1,2}D$'))
        elif name == 'strike':
            out.append(inline_path('strike', 'Strike price.', ex, '^[0-9]+(\\.[0-9]+)?$'))
        elif name == 'instrument':
            out.append(P_INSTR)
        elif name == 'symbol':
            out.append(P_SYMBOL)
        elif name == 'days':
            out.append(inline_path('days', 'Window in days, for example `7`, `30` or `365`.', sorted(ex, key=int), '^[1-9][0-9]{0,3}$'))
        elif name == 'index':
            out.append(inline_path('index', 'Index (sector basket) name.', ex, '^[A-Za-z0-9_]+$'))
        elif name == 'maturity_name':
            out.append(inline_path('maturity_name', 'Constant-maturity tenor, for example `1W`, `1M` or `3M`.', ex, '^[0-9]+[DWMY]$'))
        elif name == 'name':
            out.append(inline_path('name', 'Name of the data set to compare between `start` and `end`.', ex, '^[a-z_]+$'))
        elif name == 'hours_interval':
            out.append(inline_path('hours_interval', 'Window in hours.', ['24'], '^[1-9][0-9]{0,4}$'))
        elif name == 'single_trade':
            out.append({'name': 'single_trade', 'in': 'path', 'required': True, 'description': 'Whether to count single trades only.',
                        'schema': sref('LegacySingleTrade'), 'example': 'true', 'x-source': mcp('gettopoptionsstrategies')})
        elif name == 'marketType':
            out.append(inline_path('marketType', 'Kind of market: `future`, `perpetual` or `spot` in the catalog.', ex, '^[a-z]+$'))
        elif name == 'period':
            out.append(inline_path('period', 'Candle period, for example `1m`.', ex or ['1m'], '^[0-9A-Za-z]+$'))
        else:
            raise SystemExit(f'no rule for path parameter {name} of {path}')
    return [fix_ref(p) for p in out]


def fix_ref(p):
    # inline schema refs written relative to components/parameters must be relative to paths/legacy
    if '$ref' in p:
        return p
    p = dict(p)
    if '$ref' in p['schema']:
        p['schema'] = {'$ref': p['schema']['$ref'].replace('../schemas/', '../../components/schemas/')}
    return p


def query_params_for(e):
    path, qp = e['path'], e['query_params']
    out = []
    for name in qp:
        if name in H and not (name in ('start', 'end') and path.startswith(A)):
            out.append(H[name])
        elif name in ('start', 'end'):
            out.append(query(name, f"{'First' if name == 'start' else 'Last'} day of the comparison (`YYYY-MM-DD`).",
                             {'type': 'string', 'format': 'date'}, qp[name][0]))
        elif name == 'date':
            out.append(query('date', 'Day of the trades: a date, a date-time or epoch milliseconds, moved to the start of its day.',
                             {'$ref': '../../components/schemas/HistoricalTime.yaml'}, '2026-11-17', required='/v2/' not in path))
        elif name == 'date_h':
            out.append(query('date_h', 'Hour of the snapshot, `YYYY-MM-DDTHH`.', {'type': 'string', 'pattern': '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}$'}, '2026-11-17T14'))
        elif name == 'blockTradeId':
            out.append(query('blockTradeId', 'Only the trades of this block trade.', {'type': 'string', 'minLength': 1}, None, source=mcp('getv2historicaltrades')))
        elif name == 'sortBy':
            out.append(query('sortBy', 'Field to sort by; the accepted fields are not published.', {'type': 'string', 'minLength': 1}, None, source=mcp('getv2historicaltrades')))
        elif name in ('count', 'select'):
            out.append(query(name, 'Listed by the catalog without a description; its meaning and values are not published.', {'type': 'string'}))
        elif name == 'instrument':
            out.append(query('instrument', 'Options instrument to compute the risk slide for.', {'$ref': '../../components/schemas/LegacyOptionInstrument.yaml'}, 'BTC-25DEC26-100000-C'))
        elif name == 'option_type':
            out.append({'$ref': '../../components/parameters/OptionTypeQuery.yaml'})
        elif name == 'strike':
            out.append(query('strike', 'Strike price.', {'type': 'number', 'exclusiveMinimum': 0}, 100000))
        elif name == 'maturity' and path.endswith('/Instruments'):
            out.append(query('maturity', 'Expiry code.', {'$ref': '../../components/schemas/LegacyMaturity.yaml'}, '25DEC26'))
        elif name == 'maturity' and 'expired_expiries' in path:
            out.append(query('maturity', 'Expired expiry code, for example `31DEC21`.', {'$ref': '../../components/schemas/LegacyMaturity.yaml'}, '31DEC21'))
        elif name == 'maturity':
            out.append(query('maturity', 'Expiry code, or `all`.', {'$ref': '../../components/schemas/LegacyMaturityOrAll.yaml'}, 'all'))
        elif name == 'currency':
            out.append(query('currency', 'Currency of the underlying.', {'$ref': '../../components/schemas/LegacyCurrency.yaml'}, 'BTC'))
        elif name == 'market':
            out.append(query('market', 'Upper-case market code.', {'$ref': '../../components/schemas/LegacyHistoricalMarketCode.yaml'}, 'DERIBIT'))
        elif name == 'date_range':
            out.append(query('date_range', 'Window in hours.', {'type': 'integer', 'minimum': 1}, 24, source=mcp('getoichangebystrike')))
        elif name in ('min_strike', 'max_strike'):
            out.append(query(name, f"{'Lowest' if name == 'min_strike' else 'Highest'} strike to include.", {'type': 'number', 'minimum': 0},
                             qp[name][0], source=mcp('getoichangebystrike')))
        elif name == 'strategy':
            out.append(query('strategy', 'Strategy name, or `all`.', {'type': 'string', 'minLength': 1}, 'all', source=mcp('getstrategylegbubblechart')))
        elif name == 'hours_interval':
            out.append(query('hours_interval', 'Window in hours.', {'type': 'integer', 'minimum': 1}, 24, source=mcp('getstrategylegbubblechart')))
        elif name == 'size_filter':
            out.append(query('size_filter', 'Smallest trade size to include.', {'type': 'number', 'minimum': 0}, 0, source=mcp('getstrategylegbubblechart')))
        elif name == 'single_trade':
            out.append(query('single_trade', 'Whether to count single trades only.', {'$ref': '../../components/schemas/LegacySingleTrade.yaml'}, 'true',
                             source=mcp('getstrategylegbubblechart')))
        else:
            raise SystemExit(f'no rule for query parameter {name} of {path}')
    return out


def summary_of(desc):
    d = desc.strip().rstrip('.')
    d = re.sub(r'^(Retrieves|Fetches|Fetch|Get|Provides)\s+', '', d)
    d = re.sub(r'^(the|a)\s+', '', d, flags=re.I)
    d = d[0].upper() + d[1:]
    return d if len(d) <= 90 else d[:87].rsplit(' ', 1)[0] + '…'


def main():
    index = json.load(open(sys.argv[1]))
    # The endpoints the spec held before this change (the root as it is on main).
    import subprocess
    root = yaml.safe_load(subprocess.run(['git', 'show', 'main:spec/openapi.yaml'], cwd=ROOT, capture_output=True, text=True, check=True).stdout)
    norm = lambda p: re.sub(r'\{[^}]+\}', '{}', p)
    have = {norm(p) for p in root['paths']}
    missing = [e for e in index if norm(e['path']) not in have]
    fixtures, root_refs = [], []
    for e in missing:
        path = e['path']
        if path in EXCLUDED:
            continue
        method = e['operationId']
        oid = op_id(method)
        base = oid[len('get'):]  # LegacyX
        kind = K.get(path, ('hist', HIST_ROW, HIST_EX) if path.startswith(('/historical/', '/V2/historical/')) else None)
        if kind is None:
            raise SystemExit(f'no response rule for {path}')
        resp_name = f'{base}Response'
        example_name = base
        desc_src = (e['description'] or '').strip()
        response_desc = 'The data, in the `{date, data}` envelope.'
        source = [CATALOG]
        if kind[0] in ('rows', 'rowsref'):
            rowref = R[kind[1]] if kind[0] == 'rows' else kind[1]
            rows = EX[kind[1] if kind[0] == 'rows' else kind[2]]
            data_schema = {'type': 'array', 'items': rowref}
            schema = {'allOf': [{'$ref': './LegacyLiveEnvelope.yaml'}, {'type': 'object', 'required': ['data'], 'properties': {'data': data_schema}}]}
            example = LIVE(rows)
            note = 'Rows in the `{date, data}` envelope; the row fields are those public clients of the service name.'
        elif kind[0] == 'data':
            if kind[1] is None:
                data_schema = {'$ref': './UnpublishedValue.yaml', 'description': 'The data; its shape is not published.'}
                note = 'The `{date, data}` envelope; no public source describes `data`, so it is left untyped.'
            else:
                data_schema = kind[1]
                note = 'The `{date, data}` envelope; `data` as public clients of the service describe it.'
                if kind[1] == OPEN_ROW:
                    note = 'The `{date, data}` envelope; `data` is an object whose members are not published.'
                if kind[1].get('items') == OPEN_ROW:
                    note = 'The `{date, data}` envelope; `data` is an array of objects whose members are not published.'
            schema = {'allOf': [{'$ref': './LegacyLiveEnvelope.yaml'}, {'type': 'object', 'required': ['data'], 'properties': {'data': data_schema}}]}
            example = LIVE(kind[2])
        elif kind[0] == 'bare':
            schema = {'type': 'array', 'items': R[kind[1]]}
            example = EX[kind[1]]
            note = 'A bare array of rows (no envelope), as public clients of the service describe it.'
            response_desc = 'The rows.'
        elif kind[0] == 'hist':
            schema = {'allOf': [{'$ref': './LegacyHistoricalEnvelope.yaml'}, {'type': 'object', 'required': ['items'],
                                                                                 'properties': {'items': {'type': 'array', 'items': kind[1]}}}]}
            example = kind[2]
            response_desc = 'One page of rows in the `{meta, items}` envelope.'
            note = ('One page of rows in the `{meta, items}` envelope. The row fields beyond `date` are not published, so the row is open.'
                    if kind[1] == HIST_ROW else 'One page of rows in the `{meta, items}` envelope; the row fields are those public clients of the service name.')
        else:
            schema = {'$ref': './LegacyUnpublishedObject.yaml'}
            example = {}
            response_desc = 'The result; its shape is not published.'
            note = 'Neither the envelope nor the fields of this answer are published, so the body is an open object.'
        summary = summary_of(desc_src) if desc_src else 'Expired futures expiries of a market and currency'
        if kind[0] != 'open':
            SCHEMAS[resp_name] = {'title': resp_name, 'description': f'{summary.rstrip("…")}. {note}', **schema, 'x-source': CATALOG}
            schema_ref = {'$ref': f'../../components/schemas/{resp_name}.yaml'}
        else:
            schema_ref = {'$ref': '../../components/schemas/LegacyUnpublishedObject.yaml'}
        EXAMPLES[example_name] = {'summary': 'Illustrative answer' if example not in ({}, []) else 'An answer with no data fields shown (they are not published)',
                                  'value': example}
        params = path_params_for(e) + query_params_for(e)
        op = {
            'operationId': oid,
            'x-catalog-method-name': method,
            'summary': summary,
            'description': (desc_src[0].upper() + desc_src[1:] + ('' if desc_src.endswith('.') else '.') + ' ' if desc_src else
                            'Listed by the service catalog without a description; by its path, the expiries of expired dated futures. ') + note,
            'tags': [tag_of(path)],
            'security': [{'ApiKey': []}],
        }
        if kind[0] == 'hist' and any(q in e['query_params'] for q in ('page',)):
            op['x-pagination'] = {'style': 'page', 'pageParam': 'page', 'limitParam': 'limit', 'itemsPath': 'items', 'totalPagesPath': 'meta.total_pages'}
        if params:
            op['parameters'] = params
        op['responses'] = {
            '200': {'description': response_desc, 'content': {'application/json': {'schema': schema_ref, 'examples': {
                'illustrative': {'$ref': f'../../components/examples/{example_name}.yaml'}}}}},
            '400': {'$ref': '../../components/responses/LegacyBadRequest.yaml'},
            '401': {'$ref': '../../components/responses/LegacyUnauthorized.yaml'},
            '429': {'$ref': '../../components/responses/LegacyTooManyRequests.yaml'},
        }
        op['x-source'] = '; '.join(source)
        doc = {'servers': [{'url': '{base_url}', 'description': 'Legacy family.', 'variables': {'base_url': {'default': 'https://api.laevitas.ch'}}}],
               'get': op}
        dump(SPEC / 'paths' / 'legacy' / file_name(path), doc)
        root_refs.append((path, f'./paths/legacy/{file_name(path)}'))
        fixtures.append({'method': 'get', 'path': path, 'operationId': oid,
                         'pathParams': {n: {} for n in re.findall(r'\{([^}]+)\}', path)},
                         'query': {n: ({'required': True} if n in ('start', 'end') and not path.startswith(A) or (n == 'date' and '/v2/' not in path) else {})
                                   | ({'max': 144} if n == 'limit' and path.startswith(('/historical/', '/V2/')) else {})
                                   for n in e['query_params']},
                         'source': f'legacy catalog {method}'})
    for name, s in SCHEMAS.items():
        dump(SPEC / 'components' / 'schemas' / f'{name}.yaml', s)
    for name, p in PARAMS.items():
        dump(SPEC / 'components' / 'parameters' / f'{name}.yaml', p)
    for name, x in EXAMPLES.items():
        dump(SPEC / 'components' / 'examples' / f'{name}.yaml', x)
    (ROOT / 'tools/codegen/test/fixtures/expected-legacy-catalog.json').write_text(json.dumps(fixtures, indent=1) + '\n')
    with open('/tmp/catalog-root-paths.yaml', 'w') as f:
        for path, ref in root_refs:
            f.write(f"  '{path}':\n    $ref: {ref}\n")
    print(len(root_refs), 'operations written;', len(EXCLUDED), 'excluded')


if __name__ == '__main__':
    main()
