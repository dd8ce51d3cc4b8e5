// A bot for the arena referee in C++, on the code protoc generates from proto/arena/v1/*.proto.
//
// It dials the referee, says hello with its per-seat token (or a bot key), reads the board that
// MatchStart carries and answers every decision request: in Catan and Cities & Knights a settlement
// goes on the listed corner with the most production (the number tokens of the hexes around it, read
// from the board); every other decision is a uniformly random index into the listed legal actions. Any game works.
//
//   ARENA_ADDRESS=127.0.0.1:50051 ARENA_TOKEN=... build/random_bot
//   build/random_bot --address 127.0.0.1:50051 --bot-key KEY [--seed 7] [--log]
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "arena/v1/referee.grpc.pb.h"

namespace {

using arena::v1::BotMessage;
using arena::v1::RefereeMessage;

struct Options {
  std::string address;
  std::string token;
  std::string bot_key;
  std::string name = "cpp-random";
  uint64_t seed = 0;
  bool log = false;
};

const char* env(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : nullptr;
}

// Command line first, then the environment the referee sets (ARENA_ADDRESS, ARENA_TOKEN, ...).
bool parse(int argc, char** argv, Options* out) {
  std::map<std::string, std::string> flags;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--log") {
      out->log = true;
    } else if (arg.rfind("--", 0) == 0 && i + 1 < argc) {
      flags[arg.substr(2)] = argv[++i];
    } else {
      std::cerr << "error: unknown argument " << arg << "\n";
      return false;
    }
  }
  auto pick = [&](const char* flag, const char* var) -> std::string {
    auto it = flags.find(flag);
    if (it != flags.end()) return it->second;
    const char* value = env(var);
    return value != nullptr ? value : "";
  };
  out->address = pick("address", "ARENA_ADDRESS");
  out->token = pick("token", "ARENA_TOKEN");
  out->bot_key = pick("bot-key", "ARENA_BOT_KEY");
  if (flags.count("name") != 0) out->name = flags["name"];
  std::string seed = pick("seed", "ARENA_BOT_SEED");
  out->seed = seed.empty() ? static_cast<uint64_t>(
                                 std::chrono::steady_clock::now().time_since_epoch().count())
                           : std::strtoull(seed.c_str(), nullptr, 10);
  return true;
}

// What the bot keeps of one match: for Catan, the production of each corner.
struct Match {
  std::vector<int> corner_pips;
};

// Pips of a number token: how many of the 36 rolls of two dice make it.
int pips(int token) { return token == 0 || token == 7 ? 0 : 6 - std::abs(7 - token); }

// The pips of every corner of a Catan board (base Catan and Cities & Knights share the board).
void count_pips(const arena::v1::CatanBoard& catan, Match* match) {
  match->corner_pips.assign(catan.corners_size(), 0);
  for (const auto& corner : catan.corners()) {
    for (int hex : corner.hexes()) match->corner_pips[corner.id()] += pips(catan.hexes(hex).token());
  }
}

std::string describe(const arena::v1::MatchStart& start, Match* match) {
  const arena::v1::Board& board = start.board();
  std::ostringstream text;
  if (board.has_catan()) {
    const arena::v1::CatanBoard& catan = board.catan();
    count_pips(catan, match);
    text << "board of " << catan.hexes_size() << " hexes, " << catan.corners_size() << " corners, "
         << catan.edges_size() << " edges, " << catan.harbors_size() << " harbors, robber on hex "
         << catan.robber();
  } else if (board.has_catan_ck()) {
    const arena::v1::CatanCkTables& tables = board.catan_ck();
    count_pips(tables.board(), match);
    text << "Cities & Knights board of " << tables.board().hexes_size() << " hexes, "
         << tables.board().corners_size() << " corners, " << tables.cards_size()
         << " kinds of progress card, barbarians attack at " << tables.barbarian_track();
  } else if (board.has_puerto_rico()) {
    const arena::v1::PuertoRicoTables& tables = board.puerto_rico();
    text << "tables of " << tables.buildings_size() << " buildings, " << tables.goods_size()
         << " goods, " << tables.roles_size() << " roles";
  } else {
    text << "board " << board.json();
  }
  return text.str();
}

// The index to answer: the best listed settlement in Catan (and Cities & Knights), else a random listed
// action.
uint32_t choose(const arena::v1::DecisionRequest& request, const Match* match, std::mt19937_64* rng) {
  int best = -1;
  int best_pips = -1;
  if (match != nullptr && !match->corner_pips.empty()) {
    for (const auto& legal : request.legal()) {
      const arena::v1::Action& action = legal.action();
      int corner;
      if (action.has_catan() && action.catan().has_settle()) {
        corner = action.catan().settle().corner();
      } else if (action.has_catan_ck() && action.catan_ck().has_settle()) {
        corner = action.catan_ck().settle().corner();
      } else {
        continue;
      }
      int value = corner < static_cast<int>(match->corner_pips.size()) ? match->corner_pips[corner] : 0;
      if (value > best_pips) {
        best = static_cast<int>(legal.index());
        best_pips = value;
      }
    }
  }
  if (best >= 0) return static_cast<uint32_t>(best);
  if (request.legal_size() == 0) return 0;  // the referee always lists at least one action
  std::uniform_int_distribution<int> pick(0, request.legal_size() - 1);
  return static_cast<uint32_t>(pick(*rng));
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse(argc, argv, &options)) return 2;
  if (options.address.empty() || (options.token.empty() && options.bot_key.empty())) {
    std::cerr << "error: need --address and --token or --bot-key (or ARENA_ADDRESS and ARENA_TOKEN or "
                 "ARENA_BOT_KEY)\n";
    return 2;
  }
  std::mt19937_64 rng(options.seed);

  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 << 20);
  auto channel = grpc::CreateCustomChannel(options.address, grpc::InsecureChannelCredentials(), args);
  auto stub = arena::v1::Referee::NewStub(channel);
  grpc::ClientContext context;  // no deadline: the referee keeps its own clock per decision
  auto stream = stub->Play(&context);

  BotMessage hello;
  hello.mutable_hello()->set_protocol_version(1);
  hello.mutable_hello()->set_bot_name(options.name);
  if (!options.token.empty()) {
    hello.mutable_hello()->set_seat_token(options.token);
  } else {
    hello.mutable_hello()->set_bot_key(options.bot_key);
  }
  stream->Write(hello);

  std::map<std::string, Match> matches;
  int exit_code = 0;
  RefereeMessage msg;
  while (stream->Read(&msg)) {
    if (options.log) std::cerr << "<- " << msg.ShortDebugString().substr(0, 300) << "\n";
    switch (msg.kind_case()) {
      case RefereeMessage::kMatchStart: {
        const auto& start = msg.match_start();
        std::string text = describe(start, &matches[start.match_id()]);
        std::cerr << start.match_id() << ": " << start.game().canonical() << ", seat " << start.seat()
                  << ": " << text << "\n";
        break;
      }
      case RefereeMessage::kDecision: {
        const auto& request = msg.decision();
        auto found = matches.find(request.match_id());
        BotMessage answer;
        answer.mutable_answer()->set_request_id(request.request_id());
        answer.mutable_answer()->set_index(
            choose(request, found == matches.end() ? nullptr : &found->second, &rng));
        stream->Write(answer);
        break;
      }
      case RefereeMessage::kMatchEnd: {
        const auto& end = msg.match_end();
        std::cerr << end.match_id() << ": seat " << end.seat() << " placed "
                  << end.result().places(end.seat()) << "\n";
        matches.erase(end.match_id());
        break;
      }
      case RefereeMessage::kError:
        std::cerr << "referee error " << arena::v1::ErrorCode_Name(msg.error().code()) << ": "
                  << msg.error().message() << "\n";
        if (msg.error().fatal()) exit_code = 1;
        break;
      case RefereeMessage::kFault:
        std::cerr << "fault: " << msg.fault().fault().message() << "\n";
        break;
      default:
        break;
    }
  }
  stream->WritesDone();
  grpc::Status status = stream->Finish();
  if (!status.ok()) {
    std::cerr << "stream ended with gRPC status " << status.error_code() << ": " << status.error_message()
              << "\n";
    if (exit_code == 0) exit_code = 1;
  }
  return exit_code;
}
