// A bot for the arena referee in Go, on the code protoc-gen-go and protoc-gen-go-grpc generate from
// proto/arena/v1/*.proto, built with Debian 12's Go packages alone (GOPATH mode, no module download).
//
// It dials the referee, says hello with its per-seat token (or a bot key), reads the board that
// MatchStart carries and answers every decision request: in Catan and Cities & Knights a settlement
// goes on the listed corner with the most production (the number tokens of the hexes around it, read
// from the board); every other decision is a uniformly random index into the listed legal actions.
// Any game works.
//
//	ARENA_ADDRESS=127.0.0.1:50051 ARENA_TOKEN=... build/random_bot
//	build/random_bot --address 127.0.0.1:50051 --bot-key KEY [--seed 7] [--log]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"strconv"
	"time"

	arenav1 "arena/v1"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/prototext"
)

type options struct {
	address string
	token   string
	botKey  string
	name    string
	seed    int64
	log     bool
}

// parseOptions reads the command line first, then the environment the referee sets.
func parseOptions() (options, bool) {
	var o options
	var seed string
	flag.StringVar(&o.address, "address", os.Getenv("ARENA_ADDRESS"), "the referee, HOST:PORT")
	flag.StringVar(&o.token, "token", os.Getenv("ARENA_TOKEN"), "a per-seat token")
	flag.StringVar(&o.botKey, "bot-key", os.Getenv("ARENA_BOT_KEY"), "the key of a long-lived bot")
	flag.StringVar(&o.name, "name", "go-random", "the name in the hello")
	flag.StringVar(&seed, "seed", os.Getenv("ARENA_BOT_SEED"), "the seed of the random choices")
	flag.BoolVar(&o.log, "log", false, "print every message received on stderr")
	flag.Parse()
	if o.address == "" || (o.token == "" && o.botKey == "") {
		fmt.Fprintln(os.Stderr, "error: need --address and --token or --bot-key "+
			"(or ARENA_ADDRESS and ARENA_TOKEN or ARENA_BOT_KEY)")
		return o, false
	}
	o.seed = time.Now().UnixNano()
	if seed != "" {
		// ARENA_BOT_SEED is below 2^64: its bits, read as a signed number, seed the generator.
		if value, err := strconv.ParseUint(seed, 10, 64); err == nil {
			o.seed = int64(value)
		}
	}
	return o, true
}

// pips is how many of the 36 rolls of two dice make a number token.
func pips(token int32) int {
	if token == 0 || token == 7 {
		return 0
	}
	if token < 7 {
		return int(token) - 1
	}
	return 13 - int(token)
}

// match is what the bot keeps of one match: for Catan, the production of each corner.
type match struct {
	cornerPips []int
}

func countPips(board *arenav1.CatanBoard) []int {
	out := make([]int, len(board.GetCorners()))
	for _, corner := range board.GetCorners() {
		for _, hex := range corner.GetHexes() {
			out[corner.GetId()] += pips(board.GetHexes()[hex].GetToken())
		}
	}
	return out
}

// describe says what the board of a match holds (and keeps the corners' production).
func describe(start *arenav1.MatchStart, m *match) string {
	board := start.GetBoard()
	if catan := board.GetCatan(); catan != nil {
		m.cornerPips = countPips(catan)
		return fmt.Sprintf("board of %d hexes, %d corners, %d edges, %d harbors, robber on hex %d",
			len(catan.GetHexes()), len(catan.GetCorners()), len(catan.GetEdges()),
			len(catan.GetHarbors()), catan.GetRobber())
	}
	if tables := board.GetCatanCk(); tables != nil {
		m.cornerPips = countPips(tables.GetBoard())
		return fmt.Sprintf("Cities & Knights board of %d hexes, %d corners, %d kinds of progress card, "+
			"barbarians attack at %d", len(tables.GetBoard().GetHexes()),
			len(tables.GetBoard().GetCorners()), len(tables.GetCards()), tables.GetBarbarianTrack())
	}
	if tables := board.GetPuertoRico(); tables != nil {
		return fmt.Sprintf("tables of %d buildings, %d goods, %d roles",
			len(tables.GetBuildings()), len(tables.GetGoods()), len(tables.GetRoles()))
	}
	return "board " + board.GetJson()
}

// settleCorner is the corner of a listed settlement, or -1 for any other action.
func settleCorner(action *arenav1.Action) int {
	if settle := action.GetCatan().GetSettle(); settle != nil {
		return int(settle.GetCorner())
	}
	if settle := action.GetCatanCk().GetSettle(); settle != nil {
		return int(settle.GetCorner())
	}
	return -1
}

// choose is the index to answer: the best listed settlement in Catan, else a random listed action.
func choose(request *arenav1.DecisionRequest, m *match, rng *rand.Rand) uint32 {
	best, bestPips := -1, -1
	if m != nil {
		for _, legal := range request.GetLegal() {
			corner := settleCorner(legal.GetAction())
			if corner < 0 || corner >= len(m.cornerPips) {
				continue
			}
			if m.cornerPips[corner] > bestPips {
				best, bestPips = int(legal.GetIndex()), m.cornerPips[corner]
			}
		}
	}
	if best >= 0 {
		return uint32(best)
	}
	if len(request.GetLegal()) == 0 {
		return 0 // the referee always lists at least one action
	}
	return uint32(rng.Intn(len(request.GetLegal())))
}

func main() {
	o, ok := parseOptions()
	if !ok {
		os.Exit(2)
	}
	rng := rand.New(rand.NewSource(o.seed))

	// grpc-go 1.33 (Debian 12) has no credentials/insecure package yet: WithInsecure is its plaintext.
	conn, err := grpc.Dial(o.address, grpc.WithInsecure(),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(64<<20)))
	if err != nil {
		fmt.Fprintf(os.Stderr, "error: cannot dial %s: %v\n", o.address, err)
		os.Exit(1)
	}
	defer conn.Close()
	// No deadline on the stream: the referee keeps its own clock per decision.
	stream, err := arenav1.NewRefereeClient(conn).Play(context.Background())
	if err != nil {
		fmt.Fprintf(os.Stderr, "error: cannot open the stream: %v\n", err)
		os.Exit(1)
	}

	hello := &arenav1.Hello{ProtocolVersion: 1, BotName: o.name}
	if o.token != "" {
		hello.Credentials = &arenav1.Hello_SeatToken{SeatToken: o.token}
	} else {
		hello.Credentials = &arenav1.Hello_BotKey{BotKey: o.botKey}
	}
	if err := stream.Send(&arenav1.BotMessage{Kind: &arenav1.BotMessage_Hello{Hello: hello}}); err != nil {
		fmt.Fprintf(os.Stderr, "error: cannot send the hello: %v\n", err)
		os.Exit(1)
	}

	matches := map[string]*match{}
	exitCode := 0
	for {
		msg, err := stream.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "stream ended: %v\n", err)
			if exitCode == 0 {
				exitCode = 1
			}
			break
		}
		if o.log {
			text := prototext.MarshalOptions{}.Format(msg)
			if len(text) > 300 {
				text = text[:300]
			}
			fmt.Fprintln(os.Stderr, "<-", text)
		}
		switch kind := msg.GetKind().(type) {
		case *arenav1.RefereeMessage_MatchStart:
			start := kind.MatchStart
			m := &match{}
			matches[start.GetMatchId()] = m
			fmt.Fprintf(os.Stderr, "%s: %s, seat %d: %s\n", start.GetMatchId(),
				start.GetGame().GetCanonical(), start.GetSeat(), describe(start, m))
		case *arenav1.RefereeMessage_Decision:
			request := kind.Decision
			answer := &arenav1.Answer{
				RequestId: request.GetRequestId(),
				Choice:    &arenav1.Answer_Index{Index: choose(request, matches[request.GetMatchId()], rng)},
			}
			if err := stream.Send(&arenav1.BotMessage{Kind: &arenav1.BotMessage_Answer{Answer: answer}}); err != nil {
				fmt.Fprintf(os.Stderr, "error: cannot answer: %v\n", err)
			}
		case *arenav1.RefereeMessage_MatchEnd:
			end := kind.MatchEnd
			fmt.Fprintf(os.Stderr, "%s: seat %d placed %d\n", end.GetMatchId(), end.GetSeat(),
				end.GetResult().GetPlaces()[end.GetSeat()])
			delete(matches, end.GetMatchId())
		case *arenav1.RefereeMessage_Error:
			fmt.Fprintf(os.Stderr, "referee error %s: %s\n", kind.Error.GetCode(), kind.Error.GetMessage())
			if kind.Error.GetFatal() {
				exitCode = 1
			}
		case *arenav1.RefereeMessage_Fault:
			fmt.Fprintf(os.Stderr, "fault: %s\n", kind.Fault.GetFault().GetMessage())
		}
	}
	stream.CloseSend()
	os.Exit(exitCode)
}
